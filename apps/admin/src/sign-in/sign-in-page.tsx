import { brand } from '@brand';
import { useEffect, useState } from 'react';
import { ApiError } from '../api/api-error.ts';
import { registerPasskey, type Session, signInWithPasskey } from '../api/sign-in.ts';
import { Notice } from '../ui/notice.tsx';
import { LinkRequestForm } from './link-request-form.tsx';
import { forgetLinkClaim } from './link-token.ts';
import { passkeyProblem } from './passkey-errors.ts';
import { useLinkClaim } from './use-link-claim.ts';

type Props = { onSignedIn: (session: Session) => void };

/**
 * Sign-in: from a mailed link, the first visit creates a passkey; otherwise the passkey alone signs in.
 * A lost passkey is replaced by asking for a new link.
 */
export function SignInPage({ onSignedIn }: Props) {
  const claim = useLinkClaim();
  const [linkDead, setLinkDead] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    document.title = `Sign in · ${brand.name}`;
  }, []);

  const attempt = async (step: () => Promise<Session>) => {
    setBusy(true);
    setProblem('');
    try {
      onSignedIn(await step());
    } catch (error) {
      setProblem(passkeyProblem(error));
      setBusy(false);
    }
  };

  const createPasskey = () =>
    attempt(async () => {
      try {
        const session = await registerPasskey();
        forgetLinkClaim();
        return session;
      } catch (error) {
        // The link expired (or was used) meanwhile: from now on only a new one helps.
        if (error instanceof ApiError && error.code === 'invalid_sign_in_link') {
          forgetLinkClaim();
          setLinkDead(true);
        }
        throw error;
      }
    });

  const link = linkDead || claim === 'checking' ? null : claim;
  return (
    <main id="main" className="sign-in">
      <img src={brand.logo.src} alt="" width="48" height="48" />
      <h1>{brand.name} inbox</h1>
      {claim === 'checking' ? (
        <p aria-live="polite">Checking your sign-in link…</p>
      ) : link && 'email' in link ? (
        <section aria-labelledby="create-passkey">
          <h2 id="create-passkey">Create your passkey</h2>
          <p>
            Your sign-in link for <strong>{link.email}</strong> is valid. Create a passkey on this device
            (fingerprint, face, screen lock or security key): from then on it signs you in, with no password.
          </p>
          <button type="button" className="primary" disabled={busy} onClick={createPasskey}>
            Create passkey and sign in
          </button>
        </section>
      ) : (
        <section aria-labelledby="use-passkey">
          <h2 id="use-passkey">Sign in</h2>
          <Notice
            outcome={
              link && 'problem' in link
                ? { kind: 'error', text: `${link.problem} Ask for a new link below.` }
                : null
            }
          />
          <p>Operators sign in with the passkey they created from their invitation.</p>
          <button
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => attempt(signInWithPasskey)}
          >
            Sign in with a passkey
          </button>
        </section>
      )}
      <Notice outcome={problem ? { kind: 'error', text: problem } : null} />
      <LinkRequestForm />
    </main>
  );
}
