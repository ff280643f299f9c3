import { FORM_STARTED_PATH } from '@site/api-contract';
import { useEffect, type RefObject } from 'react';
import { defaultApiBase } from './contact-client';

/**
 * Tells the server once, with one beacon and no content, that the visitor touched a field of the form:
 * the analytics funnel's "form started". Nothing typed is sent, and nothing is kept in the browser.
 */
export function useFormStartedBeacon(formRef: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const stop = new AbortController();
    formRef.current?.addEventListener(
      'input',
      () => navigator.sendBeacon?.(`${defaultApiBase}${FORM_STARTED_PATH}`),
      { once: true, signal: stop.signal },
    );
    return () => stop.abort();
  }, [formRef]);
}
