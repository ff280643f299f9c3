import { type FormEvent, useId, useState } from 'react';
import type { Passkey } from '../api/account.ts';
import { formatDateTime } from '../ui/dates.ts';

type Props = { passkey: Passkey; onRename: (name: string) => Promise<void>; onRemove: () => void };

/** One passkey: its name (renamed in place), its dates, whether it is this session's or was refused as a copy. */
export function PasskeyItem({ passkey, onRename, onRemove }: Props) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const fieldId = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    await onRename(name.trim());
    setEditing(false);
  };

  return (
    <li className={`passkey${passkey.flaggedAt ? ' flagged' : ''}`}>
      {editing ? (
        <form onSubmit={save} className="inline-field">
          <label htmlFor={fieldId} className="visually-hidden">
            New name for {passkey.name}
          </label>
          <input
            id={fieldId}
            required
            maxLength={60}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="primary">
            Save
          </button>
          <button
            type="button"
            onClick={() => {
              setName(passkey.name);
              setEditing(false);
            }}
          >
            Cancel
          </button>
        </form>
      ) : (
        <h2>
          {passkey.name}
          {passkey.current && <span className="badge">This session</span>}
        </h2>
      )}
      <p className="hint">
        Added {formatDateTime(passkey.createdAt)} · last used{' '}
        {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : 'never'}
      </p>
      {passkey.flaggedAt && (
        <p className="notice error">
          Refused on {formatDateTime(passkey.flaggedAt)}: it reported fewer uses than before, so a copy of it
          is in use somewhere. It no longer signs in. Remove it, and create a new one with a sign-in link.
        </p>
      )}
      {!editing && (
        <div className="actions">
          <button type="button" onClick={() => setEditing(true)}>
            Rename <span className="visually-hidden">{passkey.name}</span>
          </button>
          <button type="button" className="danger" onClick={onRemove}>
            Remove <span className="visually-hidden">{passkey.name}</span>
          </button>
        </div>
      )}
    </li>
  );
}
