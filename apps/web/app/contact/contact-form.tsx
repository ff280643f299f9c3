import { useRef } from 'react';
import type { ContactField } from '@site/api-contract';
import { Field } from '../components/ui/field';
import { contactFormText as text } from '../content/contact-form';
import { FormConsentBlock, FormOutcome } from './form-extras';
import { PostForm } from './post-form';
import { useContactForm } from './use-contact-form';

const fields: readonly ContactField[] = ['name', 'email', 'subject', 'message'];

/** The full form of the home page's contact section: name, e-mail, subject and message. */
export function ContactForm({ send }: { send?: Parameters<typeof useContactForm>[0]['send'] }) {
  const feedbackRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useContactForm({ idPrefix: 'contact', fields, send, feedbackRef, formRef });
  const { done } = form;

  return (
    <PostForm ref={formRef} className="contact-form" label={text.page.title} onSubmit={form.submit}>
      <div className="field-row">
        <Field {...form.fieldProps('name')} autoComplete="name" />
        <Field {...form.fieldProps('email')} type="email" autoComplete="email" />
      </div>
      <Field {...form.fieldProps('subject')} />
      <Field {...form.fieldProps('message')} rows={6} />
      <FormConsentBlock idPrefix="contact" form={form} />
      {done ? (
        <button type="button" className="button button-secondary button-large" disabled>
          {text.full.sent}
        </button>
      ) : (
        <button type="submit" className="button button-primary button-large">
          {text.full.send}
        </button>
      )}
      <FormOutcome form={form} successText={text.full.success} feedbackRef={feedbackRef} />
    </PostForm>
  );
}
