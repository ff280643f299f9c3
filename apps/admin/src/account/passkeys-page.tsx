import { useCallback, useEffect, useState } from 'react';
import { type Passkey, passkeys } from '../api/account.ts';
import { setOwnName } from '../api/conversations.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { formatDateTime } from '../ui/dates.ts';
import { Notice } from '../ui/notice.tsx';
import { useOutcome } from '../ui/use-outcome.ts';
import { PasskeyItem } from './passkey-item.tsx';

type Props = {
  me: { email: string; name: string | null };
  onSignedOut: () => void;
  onNamed: (name: string) => void;
};

/**
 * The signed-in operator's passkeys: each with where it was made, when it was added and last used; a
 * lost or stolen one is removed here, which also ends every session it started.
 */
export function PasskeysPage({ me, onSignedOut, onNamed }: Props) {
  const [name, setName] = useState(me.name ?? '');
  const [list, setList] = useState<Passkey[] | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const { outcome, attempt, failed } = useOutcome();

  const reload = useCallback(() => passkeys.list().then(setList, failed), [failed]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const rename = (passkey: Passkey, name: string) =>
    attempt(async () => {
      await passkeys.rename(passkey.id, name);
      await reload();
      return `Renamed to “${name}”.`;
    });

  const remove = (passkey: Passkey) =>
    attempt(async () => {
      const { signedOut } = await passkeys.remove(passkey.id);
      if (signedOut) onSignedOut();
      else await reload();
      return `“${passkey.name}” is removed and the sessions it started have ended.`;
    });

  const saveName = () =>
    attempt(async () => {
      await setOwnName(name);
      onNamed(name.trim());
      return `Visitors now see your replies from “${name.trim()}”.`;
    });

  return (
    <div className="page">
      <h1>Your name and passkeys</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void saveName();
        }}
      >
        <label htmlFor="own-name">Your name, as visitors see it on your replies</label>
        <div className="inline-field">
          <input
            id="own-name"
            required
            maxLength={80}
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit">Save name</button>
        </div>
      </form>
      <h2>Passkeys</h2>
      <p>
        The passkeys that sign <strong>{me.email}</strong> in. Remove one you no longer have or do not
        recognise: it stops working at once, and every browser signed in with it is signed out. To add a
        passkey on another device, ask for a sign-in link on that device’s sign-in page.
      </p>
      <Notice outcome={outcome} />
      {list === null ? (
        <p aria-live="polite">Loading your passkeys…</p>
      ) : (
        <ul className="passkeys" aria-label="Passkeys">
          {list.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              onRename={(name) => rename(passkey, name)}
              onRemove={() => setRemoving(passkey)}
            />
          ))}
        </ul>
      )}
      {removing && (
        <ConfirmDialog
          title="Remove this passkey?"
          confirmLabel="Remove"
          danger
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const passkey = removing;
            setRemoving(null);
            void remove(passkey);
          }}
        >
          <p>
            <strong>{removing.name}</strong>, added {formatDateTime(removing.createdAt)}, will no longer sign
            you in, and every session it started ends at once
            {removing.current ? ', this one included: you will be signed out' : ''}.
          </p>
          {list?.length === 1 && (
            <p>It is your only passkey: to sign in again you will need a new sign-in link by mail.</p>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
