import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { type Operator, operators } from '../api/people.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { formatDateTime } from '../ui/dates.ts';
import { Notice } from '../ui/notice.tsx';
import { useOutcome } from '../ui/use-outcome.ts';
import { TableScroll } from '../ui/table-scroll.tsx';

/** Who may sign in: invite by address (a sign-in link goes out by mail), revoke at once. */
export function OperatorsPage({ me }: { me: string }) {
  const [list, setList] = useState<Operator[]>([]);
  const [email, setEmail] = useState('');
  const [revoking, setRevoking] = useState<string | null>(null);
  const { outcome, attempt, failed } = useOutcome();

  const reload = useCallback(() => operators.list().then(setList, failed), [failed]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const act = (change: () => Promise<string>) =>
    attempt(async () => {
      const text = await change();
      await reload();
      return text;
    });
  const invite = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    void act(async () => {
      await operators.invite(address);
      setEmail('');
      return `A sign-in link is on its way to ${address}.`;
    });
  };

  return (
    <div className="page">
      <h1>Operators</h1>
      <form className="panel" onSubmit={invite}>
        <label htmlFor="invite-email">Invite an operator by e-mail address</label>
        <div className="inline-field">
          <input
            id="invite-email"
            type="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" className="primary">
            Send invitation
          </button>
        </div>
        <p className="hint">They get a one-time sign-in link and create a passkey on their first visit.</p>
      </form>
      <Notice outcome={outcome} />
      <TableScroll label="Operators">
        <table>
          <caption className="visually-hidden">Operators</caption>
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Added</th>
              <th scope="col">Passkeys</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">Access</th>
            </tr>
          </thead>
          <tbody>
            {list.map((operator) => (
              <tr key={operator.email}>
                <th scope="row">{operator.email}</th>
                <td>{formatDateTime(operator.createdAt)}</td>
                <td>{operator.passkeys}</td>
                <td>{operator.lastSignInAt ? formatDateTime(operator.lastSignInAt) : 'Never'}</td>
                <td>
                  {operator.revokedAt ? (
                    `Revoked ${formatDateTime(operator.revokedAt)}`
                  ) : operator.email === me ? (
                    'You'
                  ) : (
                    <button type="button" className="danger" onClick={() => setRevoking(operator.email)}>
                      Revoke <span className="visually-hidden">{operator.email}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {revoking && (
        <ConfirmDialog
          title="Revoke this operator?"
          confirmLabel="Revoke"
          danger
          onCancel={() => setRevoking(null)}
          onConfirm={() => {
            const address = revoking;
            setRevoking(null);
            void act(async () => {
              await operators.revoke(address);
              return `${address} is signed out everywhere and can no longer sign in.`;
            });
          }}
        >
          <p>
            <strong>{revoking}</strong> will be signed out at once on every device and cannot sign in again
            until invited again.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
