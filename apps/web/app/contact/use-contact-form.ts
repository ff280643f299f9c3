import {
  type ContactField,
  contactFieldErrors,
  contactLimits,
  type ContactMessageInput,
  contactMessageSchema,
  type Language,
} from '@site/api-contract';
import { type FormEvent, type RefObject, useEffect, useState } from 'react';
import type { ContactFormCopy } from '../content/en/contact-form';
import { sendContactMessage } from './contact-client';

export type FormValues = {
  name: string;
  email: string;
  subject: string;
  message: string;
  marketingConsent: boolean;
  website: string;
};

const emptyValues: FormValues = {
  name: '',
  email: '',
  subject: '',
  message: '',
  marketingConsent: false,
  website: '',
};

/** An island's props: the page's language and the forms' copy in it. */
export type FormCopy = { language: Language; text: ContactFormCopy };

type Options = {
  copy: FormCopy;
  /** Prefix of the controls' ids, unique per form. */
  idPrefix: string;
  /** The fields the form shows, in order; only these are validated and marked. */
  fields: readonly ContactField[];
  /** Turns what was typed into the message to send (the compact form derives its subject). */
  toMessage?: (values: FormValues) => ContactMessageInput;
  send?: typeof sendContactMessage;
  /** The confirmation area, which takes focus once the message is sent. */
  feedbackRef?: RefObject<HTMLElement | null>;
  /** The form, whose prerendered fields a quick visitor may have filled before hydration. */
  formRef?: RefObject<HTMLFormElement | null>;
};

/** What the visitor typed into the prerendered form before the script took over. */
function valuesTypedBefore(form: HTMLFormElement, current: FormValues): FormValues {
  const data = new FormData(form);
  const text = (key: Exclude<keyof FormValues, 'marketingConsent'>) => {
    const value = data.get(key);
    return typeof value === 'string' ? value : current[key];
  };
  return {
    name: text('name'),
    email: text('email'),
    subject: text('subject'),
    message: text('message'),
    marketingConsent: data.has('marketingConsent'),
    website: text('website'),
  };
}

function errorsOf(message: ContactMessageInput, fields: readonly ContactField[], copy: FormCopy) {
  const result = contactMessageSchema.safeParse(message);
  const all = contactFieldErrors(result.error?.issues ?? [], copy.language, copy.text.errors);
  const errors: Partial<Record<ContactField, string>> = {};
  for (const field of fields) if (all[field]) errors[field] = all[field];
  return errors;
}

/**
 * Values, touched fields and the submission state of a contact form: sent and success
 * start false; an invalid submit marks every field touched and sends nothing; a valid one shows the
 * spinner and sends; when the request ends, sent is true and success tells how it went.
 */
export function useContactForm({
  copy,
  idPrefix,
  fields,
  toMessage = (values) => values,
  send = sendContactMessage,
  feedbackRef,
  formRef,
}: Options) {
  const [values, setValues] = useState(emptyValues);
  const [touched, setTouched] = useState<ReadonlySet<ContactField>>(new Set());
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [success, setSuccess] = useState(false);

  // Hydration keeps the text a quick visitor typed on the screen but not in state: take it over.
  useEffect(() => {
    if (formRef?.current) setValues(valuesTypedBefore(formRef.current, emptyValues));
  }, [formRef]);
  const errors = errorsOf(toMessage(values), fields, copy);
  const done = sent && success;

  // The send button is gone or disabled once the message is sent: take focus to the confirmation.
  useEffect(() => {
    if (done) feedbackRef?.current?.focus();
  }, [done, feedbackRef]);

  const setValue = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const firstInvalid = fields.find((field) => errors[field]);
    if (firstInvalid) {
      setTouched(new Set(fields));
      const control = event.currentTarget.elements.namedItem(firstInvalid);
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    setSending(true);
    const ok = await send({ ...toMessage(values), language: copy.language });
    setSending(false);
    setSent(true);
    setSuccess(ok);
  };

  /** The props of a field's <Field>: id, label, placeholder, value, limit, error once touched, handlers. */
  const fieldProps = (field: ContactField) => ({
    id: `${idPrefix}-${field}`,
    name: field,
    label: copy.text.labels[field],
    placeholder: copy.text.placeholders[field],
    value: values[field],
    maxLength: contactLimits[field],
    error: touched.has(field) ? errors[field] : undefined,
    onChange: (value: string) => setValue(field, value),
    onBlur: () => setTouched((current) => new Set(current).add(field)),
  });

  return { values, setValue, fieldProps, submit, sending, sent, success, done };
}
