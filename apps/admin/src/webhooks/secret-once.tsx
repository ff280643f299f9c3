import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../ui/dates.ts';

type Props = {
  url: string;
  secret: string;
  /** Set after a rotation: until when the secret before it still signs too. */
  previousUntil: string | null;
  onDone: () => void;
};

/**
 * A new signing secret, the one time the server gives it: read-only, with a Copy button. The focus
 * moves here when it appears, so a screen reader says it at once.
 */
export function SecretOnce({ url, secret, previousUntil, onDone }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState('');
  useEffect(() => heading.current?.focus(), [secret]);

  const copy = async () => {
    field.current?.select();
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('Copied to the clipboard.');
    } catch {
      setCopied('Copying was refused: the secret is selected, copy it with the keyboard.');
    }
  };

  return (
    <section className="secret-once" aria-labelledby="secret-heading">
      <h2 id="secret-heading" ref={heading} tabIndex={-1}>
        Copy the signing secret now
      </h2>
      <p>
        The secret of <span className="url">{url}</span> is shown only this once: it will not be shown again.
        Give it to the receiving system, which verifies every delivery with it. Lost, it can only be replaced
        (Rotate secret).
      </p>
      {previousUntil && (
        <p>
          The previous secret also signs every delivery until {formatDateTime(previousUntil)}, so the receiver
          can change over without losing any.
        </p>
      )}
      <label htmlFor="signing-secret">Signing secret (shown once)</label>
      <div className="inline-field">
        <input
          id="signing-secret"
          ref={field}
          readOnly
          spellCheck={false}
          value={secret}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="primary" onClick={copy}>
          Copy
        </button>
      </div>
      <p role="status" className="hint">
        {copied}
      </p>
      <button type="button" onClick={onDone}>
        I have copied it: hide the secret
      </button>
    </section>
  );
}
