import { type ReactNode, useState } from 'react';

type Props = {
  /** The textarea's id; its hint's is `${id}-hint`. */
  id: string;
  label: string;
  /** Beside the label (the reply's saved replies). */
  beside?: ReactNode;
  rows: number;
  hint: ReactNode;
  submit: { label: string; busy: string; primary?: boolean };
  className?: string;
  text: string;
  onText: (text: string) => void;
  /** Takes the text; resolves true when it went (the text is cleared), false when it was refused (it stays). */
  onSubmit: (text: string) => Promise<boolean>;
};

/** A text the operator writes under the thread, a reply or a note: one button, busy while it goes. */
export function Composer({
  id,
  label,
  beside,
  rows,
  hint,
  submit,
  className,
  text,
  onText,
  onSubmit,
}: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      className={className ? `composer ${className}` : 'composer'}
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        try {
          if (await onSubmit(text)) onText('');
        } finally {
          setBusy(false);
        }
      }}
    >
      <div className="composer-head">
        <label htmlFor={id}>{label}</label>
        {beside}
      </div>
      <textarea
        id={id}
        rows={rows}
        required
        value={text}
        onChange={(event) => onText(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
      <button type="submit" className={submit.primary ? 'primary' : undefined} disabled={busy}>
        {busy ? submit.busy : submit.label}
      </button>
    </form>
  );
}
