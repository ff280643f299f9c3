import { useRef } from 'react';
import type { ContactField } from '@site/api-contract';
import { Field } from '../components/ui/field';
import { FormConsentBlock, FormOutcome } from './form-extras';
import { useFormStartedBeacon } from './form-started';
import { PostForm } from './post-form';
import { type FormCopy, useContactForm } from './use-contact-form';

const fields: readonly ContactField[] = ['name', 'email', 'subject', 'message'];

/** The full form of the home page's contact section: name, e-mail, subject and message. */
export function ContactForm({
  send,
  ...copy
}: FormCopy & { send?: Parameters<typeof useContactForm>[0]['send'] }) {
  const { text } = copy;
  const feedbackRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useContactForm({ copy, idPrefix: 'contact', fields, send, feedbackRef, formRef });
  useFormStartedBeacon(formRef);
  const { done } = form;

  return (
    <PostForm ref={formRef} className="contact-form" copy={copy} onSubmit={form.submit}>
      <div className="field-row">
        <Field {...form.fieldProps('name')} autoComplete="name" />
        <Field {...form.fieldProps('email')} type="email" autoComplete="email" />
      </div>
      <Field {...form.fieldProps('subject')} />
      <Field {...form.fieldProps('message')} rows={6} />
      <FormConsentBlock idPrefix="contact" form={form} copy={copy} />
      {done ? (
        <button type="button" className="button button-secondary button-large" disabled>
          {text.full.sent}
        </button>
      ) : (
        <button type="submit" className="button button-primary button-large">
          {text.full.send}
        </button>
      )}
      <FormOutcome form={form} text={text} successText={text.full.success} feedbackRef={feedbackRef} />
    </PostForm>
  );
}
