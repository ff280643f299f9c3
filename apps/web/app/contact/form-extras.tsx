import type { RefObject } from 'react';
import { Banner } from '../components/ui/banner';
import { LoadingOverlay } from '../components/ui/loading-overlay';
import { localizedPath } from '@site/api-contract';
import type { ContactFormCopy } from '../content/en/contact-form';
import { paths } from '../paths';
import type { FormCopy, useContactForm } from './use-contact-form';

type ConsentProps = {
  id: string;
  text: ContactFormCopy;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/** The separate, unticked marketing-consent checkbox. */
export function MarketingConsent({ id, text, checked, onChange }: ConsentProps) {
  return (
    <div className="consent">
      <input
        id={id}
        name="marketingConsent"
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>
        {text.consent}
        <span className="consent-hint">{text.consentHint}</span>
      </label>
    </div>
  );
}

type HoneypotProps = { id: string; text: ContactFormCopy; value: string; onChange: (value: string) => void };

/** A field people never see or reach; automated senders fill it in. */
export function Honeypot({ id, text, value, onChange }: HoneypotProps) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>{text.honeypotLabel}</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export function PrivacyNote({ language, text }: FormCopy) {
  return (
    <p className="form-note">
      {text.privacyNote}{' '}
      <a href={localizedPath(language, paths.privacy)} target="_blank" rel="noopener noreferrer">
        {text.privacyLink}
      </a>
      .
    </p>
  );
}

type FormState = ReturnType<typeof useContactForm>;

/** What both forms show under their fields: consent box, honeypot and privacy note. */
export function FormConsentBlock({
  idPrefix,
  form,
  copy,
}: {
  idPrefix: string;
  form: Pick<FormState, 'values' | 'setValue'>;
  copy: FormCopy;
}) {
  return (
    <>
      <MarketingConsent
        id={`${idPrefix}-consent`}
        text={copy.text}
        checked={form.values.marketingConsent}
        onChange={(checked) => form.setValue('marketingConsent', checked)}
      />
      <Honeypot
        id={`${idPrefix}-website`}
        text={copy.text}
        value={form.values.website}
        onChange={(value) => form.setValue('website', value)}
      />
      <PrivacyNote {...copy} />
    </>
  );
}

type OutcomeProps = {
  form: Pick<FormState, 'sent' | 'success' | 'sending'>;
  text: ContactFormCopy;
  successText: string;
  feedbackRef: RefObject<HTMLDivElement | null>;
};

/** The announced banner once a request has ended, and the spinner while it runs. */
export function FormOutcome({ form, text, successText, feedbackRef }: OutcomeProps) {
  return (
    <>
      <div className="form-feedback" aria-live="polite" tabIndex={-1} ref={feedbackRef}>
        {form.sent && form.success ? <Banner tone="success" text={successText} /> : null}
        {form.sent && !form.success ? <Banner tone="error" text={text.failure} /> : null}
      </div>
      <LoadingOverlay active={form.sending} label={text.sending} />
    </>
  );
}
