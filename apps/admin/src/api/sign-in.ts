import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { adminEndpoints as endpoints, XSRF_HEADER, XSRF_TOKEN_PATH } from '@site/api-contract/constants';
import type { AdminInput, Session, XsrfTokenAnswer } from '@site/api-contract';
import { call, getJson, rememberCsrfToken } from './admin-client.ts';

export type { Session };

/** Before there is a session, the sign-in requests carry the public site's XSRF token. */
async function xsrfHeader() {
  const { token } = await getJson<XsrfTokenAnswer>(XSRF_TOKEN_PATH);
  return { [XSRF_HEADER]: token };
}

/** A browser's WebAuthn answer as the contract checks it (its fields, with room for more). */
type Credential<Name extends 'registerPasskey' | 'signInWithPasskey'> = AdminInput<(typeof endpoints)[Name]>;

const started = (session: Session) => {
  rememberCsrfToken(session.csrfToken);
  return session;
};

/** The session of this browser, or an ApiError 401. */
export const currentSession = async () => started(await call(endpoints.session, {}));

/**
 * Trades a sign-in link's token for the ticket cookie (which this script never sees): the operator the
 * link is for. The token works no more after this.
 */
export async function claimLink(token: string) {
  const { operator } = await call(endpoints.claimSignInLink, {}, { token }, await xsrfHeader());
  return operator.email;
}

/** A new passkey for the operator of the link this browser opened (its ticket rides in the cookie). */
export async function registerPasskey() {
  const xsrf = await xsrfHeader();
  // The options as @simplewebauthn/server made them; the contract checks only their challenge.
  const optionsJSON = (await call(endpoints.signInLinkOptions, {}, {}, xsrf)) as Parameters<
    typeof startRegistration
  >[0]['optionsJSON'];
  const credential = await startRegistration({ optionsJSON });
  return started(
    await call(endpoints.registerPasskey, {}, { credential } as Credential<'registerPasskey'>, xsrf),
  );
}

/** Sign-in with any passkey this browser or phone holds for the site. */
export async function signInWithPasskey() {
  const xsrf = await xsrfHeader();
  const optionsJSON = (await call(endpoints.passkeyOptions, {}, {}, xsrf)) as Parameters<
    typeof startAuthentication
  >[0]['optionsJSON'];
  const credential = await startAuthentication({ optionsJSON });
  return started(
    await call(endpoints.signInWithPasskey, {}, { credential } as Credential<'signInWithPasskey'>, xsrf),
  );
}

/** Asks for a sign-in link by mail; the answer is the same whether the address is an operator's or not. */
export async function requestSignInLink(email: string) {
  const { message } = await call(endpoints.requestSignInLink, {}, { email }, await xsrfHeader());
  return message;
}

export const signOut = () => call(endpoints.signOut, {}, {});
