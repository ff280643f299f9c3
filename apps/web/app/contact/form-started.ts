import { FORM_STARTED_PATH } from '@site/api-contract';
import { useEffect, type RefObject } from 'react';

/**
 * Tells the server once, with one beacon and no content, that the visitor touched a field of the form:
 * the analytics funnel's "form started". Nothing typed is sent, and nothing is kept in the browser. It
 * goes to the server that served the page, which counted the view, even where the form posts to another
 * origin (VITE_API_BASE).
 */
export function useFormStartedBeacon(formRef: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const stop = new AbortController();
    formRef.current?.addEventListener('input', () => navigator.sendBeacon?.(FORM_STARTED_PATH), {
      once: true,
      signal: stop.signal,
    });
    return () => stop.abort();
  }, [formRef]);
}
