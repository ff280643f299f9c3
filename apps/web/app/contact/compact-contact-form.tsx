import { useRef } from 'react';
import { compactFormSubject, type ContactField } from '@site/api-contract';
import { Field } from '../components/ui/field';
import { brand } from '../content/brand';
import { FormConsentBlock, FormOutcome } from './form-extras';
import { PostForm } from './post-form';
import { type FormCopy, type FormValues, useContactForm } from './use-contact-form';

const fields: readonly ContactField[] = ['name', 'email', 'message'];

/** The landing page's form: name, e-mail and message; the subject is derived from the name. */
export function CompactContactForm({
  send,
  ...copy
}: FormCopy & { send?: Parameters<typeof useContactForm>[0]['send'] }) {
  const { text } = copy;
  const toMessage = (values: FormValues) => ({
    ...values,
    subject: compactFormSubject(values.name, brand.name, copy.language),
  });
  const feedbackRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useContactForm({ copy, idPrefix: 'compact', fields, toMessage, send, feedbackRef, formRef });
  const { done } = form;

  return (
    <PostForm
      ref={formRef}
      className="contact-form contact-form-compact"
      copy={copy}
      onSubmit={form.submit}
      subjectFromName
    >
      <Field {...form.fieldProps('name')} autoComplete="name" />
      <Field {...form.fieldProps('email')} type="email" autoComplete="email" />
      <Field {...form.fieldProps('message')} rows={6} />
      <FormConsentBlock idPrefix="compact" form={form} copy={copy} />
      <button type="submit" className="button button-primary button-large" disabled={done}>
        {done ? text.compact.sent : text.compact.send}
      </button>
      <FormOutcome form={form} text={text} successText={text.compact.success} feedbackRef={feedbackRef} />
    </PostForm>
  );
}
