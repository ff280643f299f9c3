import { contactFormText as text } from '../content/contact-form';
import { paths } from '../paths';

type ConsentProps = { id: string; checked: boolean; onChange: (checked: boolean) => void };

/** The separate, unticked marketing-consent checkbox. */
export function MarketingConsent({ id, checked, onChange }: ConsentProps) {
  return (
    <div className="consent">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
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
