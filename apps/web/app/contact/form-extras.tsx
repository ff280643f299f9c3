import type { RefObject } from 'react';
import { Banner } from '../components/ui/banner';
import { LoadingOverlay } from '../components/ui/loading-overlay';
import { contactFormText as text } from '../content/contact-form';
import { paths } from '../paths';
import type { useContactForm } from './use-contact-form';

type ConsentProps = { id: string; checked: boolean; onChange: (checked: boolean) => void };

/** The separate, unticked marketing-consent checkbox. */
export function MarketingConsent({ id, checked, onChange }: ConsentProps) {
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

type HoneypotProps = { id: string; value: string; onChange: (value: string) => void };

/** A field people never see or reach; automated senders fill it in. */
export function Honeypot({ id, value, onChange }: HoneypotProps) {
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

export function PrivacyNote() {
  return (
    <p className="form-note">
      {text.privacyNote}{' '}
      <a href={paths.privacy} target="_blank" rel="noopener noreferrer">
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
}: {
  idPrefix: string;
  form: Pick<FormState, 'values' | 'setValue'>;
}) {
  return (
    <>
      <MarketingConsent
        id={`${idPrefix}-consent`}
        checked={form.values.marketingConsent}
        onChange={(checked) => form.setValue('marketingConsent', checked)}
      />
      <Honeypot
        id={`${idPrefix}-website`}
        value={form.values.website}
        onChange={(value) => form.setValue('website', value)}
      />
      <PrivacyNote />
    </>
  );
}

type OutcomeProps = {
  form: Pick<FormState, 'sent' | 'success' | 'sending'>;
  successText: string;
  feedbackRef: RefObject<HTMLDivElement | null>;
};

/** The announced banner once a request has ended, and the spinner while it runs. */
export function FormOutcome({ form, successText, feedbackRef }: OutcomeProps) {
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
