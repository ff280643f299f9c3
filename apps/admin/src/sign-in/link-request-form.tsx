import { type FormEvent, useState } from 'react';
import { reasonOf } from '../api/api-error.ts';
import { requestSignInLink } from '../api/sign-in.ts';
import { Notice } from '../ui/notice.tsx';

/** For a new device or a lost passkey: a one-time link by mail, which lets the operator create a passkey. */
export function LinkRequestForm() {
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      setAnswer({ ok: true, text: await requestSignInLink(email) });
    } catch (error) {
      setAnswer({ ok: false, text: reasonOf(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="lost-passkey" className="link-request">
      <h2 id="lost-passkey">New device or lost passkey?</h2>
      <form onSubmit={submit}>
        <label htmlFor="operator-email">Your work e-mail address</label>
        <div className="inline-field">
          <input
            id="operator-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" disabled={busy}>
            E-mail me a sign-in link
          </button>
        </div>
      </form>
      <Notice outcome={answer && { kind: answer.ok ? 'done' : 'error', text: answer.text }} />
    </section>
  );
}
