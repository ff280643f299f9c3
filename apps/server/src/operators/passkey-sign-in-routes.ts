import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { adminRoutes } from '@site/api-contract';
import { addRoute, type ZodPlugin } from '../http/zod-schemas.js';
import type { SignInContext } from './operator-services.js';
import { startSession } from './session-start.js';
import { orUndefined, signInFailures } from './sign-in-failures.js';

/**
 * A signature counter that did not go up, from a response whose signature verified: the authenticator
 * that signed is a copy of one that signed more often (a counter of 0 on both sides means the
 * authenticator keeps none, as synced passkeys do).
 */
const wentBack = (counter: number, stored: number) => (counter > 0 || stored > 0) && counter <= stored;

/** The challenge a response answers, read without trusting it: to stop counting the sign-in it began. */
function challengeOf(credential: AuthenticationResponseJSON): string | undefined {
  try {
    const { challenge } = JSON.parse(Buffer.from(credential.response.clientDataJSON, 'base64url').toString());
    return typeof challenge === 'string' ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** Signing in with a passkey already registered; behind sign-in-routes.ts's XSRF check. */
export const passkeySignInRoutes: ZodPlugin<{ context: SignInContext }> = async (app, { context }) => {
  const failures = signInFailures(context);

  addRoute(app, adminRoutes.passkeyOptions, async (request, reply) => {
    const options = await context.webauthn.authenticationOptions();
    if (!(await context.requests.admitPasskey(request.ip, options.challenge)))
      return failures.refused(request, reply);
    await context.challenges.issue(options.challenge, 'authenticate', null);
    return options;
  });

  addRoute(
    app,
    adminRoutes.signInWithPasskey,
    async (request, reply) => {
      const credential = request.body.credential as AuthenticationResponseJSON;
      const challenge = challengeOf(credential);
      const passkey = await context.passkeys.byCredentialId(credential.id);
      if (!passkey) return failures.failed(request, reply, 'passkey-rejected', { challenge });
      const about = { operatorId: passkey.operatorId, credentialId: passkey.credentialId, challenge };
      if (passkey.flaggedAt) return failures.failed(request, reply, 'flagged-passkey', about);
      // Checked against a counter of 0, so the library verifies the signature before anything is
      // concluded from the counter: an unsigned response must not flag somebody's passkey.
      const counter = await orUndefined(() =>
        context.webauthn.verifyAuthentication(credential, { ...passkey, counter: 0 }, (presented) =>
          context.challenges.consume(presented, 'authenticate', null),
        ),
      );
      if (counter === undefined) return failures.failed(request, reply, 'passkey-rejected', about);
      if (wentBack(counter, passkey.counter)) {
        const at = new Date().toISOString();
        if (await context.passkeys.flag(passkey.credentialId, at)) {
          await context.mails.enqueue(passkey.operatorId, 'passkey-flagged', { passkey: passkey.name, at });
          context.wakeOutbox();
        }
        return failures.failed(request, reply, 'counter-regression', about);
      }
      await context.passkeys.markUsed(passkey.credentialId, counter);
      const operator = await context.access.operators.byId(passkey.operatorId);
      if (!operator) return failures.failed(request, reply, 'passkey-rejected', about);
      if (challenge) await context.requests.succeeded(challenge);
      return startSession(context, request, reply, operator, passkey.credentialId, 'sign-in');
    },
    { preHandler: failures.mayTry },
  );
};
