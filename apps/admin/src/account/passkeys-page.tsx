import { useCallback, useEffect, useState } from 'react';
import { type Passkey, passkeys } from '../api/account.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { formatDateTime } from '../ui/dates.ts';
import { Notice } from '../ui/notice.tsx';
import { useOutcome } from '../ui/use-outcome.ts';
import { PasskeyItem } from './passkey-item.tsx';

type Props = { me: string; onSignedOut: () => void };

/**
 * The signed-in operator's passkeys: each with where it was made, when it was added and last used; a
 * lost or stolen one is removed here, which also ends every session it started.
 */
export function PasskeysPage({ me, onSignedOut }: Props) {
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

  return (
    <div className="page">
      <h1>Your passkeys</h1>
      <p>
        The passkeys that sign <strong>{me}</strong> in. Remove one you no longer have or do not recognise: it
        stops working at once, and every browser signed in with it is signed out. To add a passkey on another
        device, ask for a sign-in link on that device’s sign-in page.
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
