import type { ChangeEvent } from 'react';

type FieldProps = {
  id: string;
  name: string;
  label: string;
  placeholder: string;
  value: string;
  maxLength: number;
  error?: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  /** Rows of a multi-line box; a single-line input without it. */
  rows?: number;
  onChange: (value: string) => void;
  onBlur: () => void;
};

/** A labelled input with its error, outlined in red and announced once the field is touched. */
export function Field({ id, label, error, rows, onChange, type = 'text', ...control }: FieldProps) {
  const errorId = `${id}-error`;
  const shared = {
    id,
    required: true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
    ...control,
  };
  return (
    <div className={error ? 'field is-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {rows ? <textarea rows={rows} {...shared} /> : <input type={type} {...shared} />}
      {/* Always present, so an error appearing on blur never moves the button being clicked. */}
      <p className="field-error" id={errorId}>
        {error}
      </p>
    </div>
  );
}
