import { CONTACT_API_PATH, formFieldNames } from '@site/api-contract';
import type { FormEvent, ReactNode, Ref } from 'react';
import { brand } from '../content/brand';
import { useHydrated } from '../lib/use-hydrated';
import { defaultApiBase } from './contact-client';
import type { FormCopy } from './use-contact-form';

type PostFormProps = {
  ref: Ref<HTMLFormElement>;
  className: string;
  /** The form's language and copy: its accessible name, and the language the message is sent in. */
  copy: FormCopy;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The compact form has no subject field: the server builds it from the name and this site's name. */
  subjectFromName?: boolean;
  children: ReactNode;
};

/**
 * A real HTML form that posts to the API, so it sends without JavaScript or before the scripts arrive;
 * the browser checks the fields itself until the script takes over (then noValidate, and the script
 * validates and sends).
 */
export function PostForm({ ref, className, copy, onSubmit, subjectFromName, children }: PostFormProps) {
  const hydrated = useHydrated();
  return (
    <form
      ref={ref}
      className={className}
      method="post"
      action={`${defaultApiBase}${CONTACT_API_PATH}`}
      noValidate={hydrated}
      onSubmit={onSubmit}
      aria-label={copy.text.formLabel}
    >
      <input type="hidden" name={formFieldNames.siteKey} value={brand.siteKey} />
      <input type="hidden" name={formFieldNames.language} value={copy.language} />
      {subjectFromName ? <input type="hidden" name={formFieldNames.siteName} value={brand.name} /> : null}
      {children}
    </form>
  );
}
