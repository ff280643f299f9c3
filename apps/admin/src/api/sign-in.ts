import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { adminApiPaths, XSRF_HEADER, XSRF_TOKEN_PATH } from '@site/api-contract/constants';
import type { LinkClaimed, LinkRequested, Session } from '@site/api-contract';
import { getJson, postJson, rememberCsrfToken } from './admin-client.ts';

export type { Session };

/** Before there is a session, the sign-in requests carry the public site's XSRF token. */
async function xsrfHeader() {
  const { token } = await getJson<{ token: string }>(XSRF_TOKEN_PATH);
  return { [XSRF_HEADER]: token };
}

const started = (session: Session) => {
  rememberCsrfToken(session.csrfToken);
  return session;
};

/** The session of this browser, or an ApiError 401. */
export const currentSession = async () => started(await getJson<Session>(adminApiPaths.session));

/**
 * Trades a sign-in link's token for the ticket cookie (which this script never sees): the operator the
 * link is for. The token works no more after this.
 */
export async function claimLink(token: string) {
  const { operator } = await postJson<LinkClaimed>(adminApiPaths.linkClaim, { token }, await xsrfHeader());
  return operator.email;
}

/** A new passkey for the operator of the link this browser opened (its ticket rides in the cookie). */
export async function registerPasskey() {
  const xsrf = await xsrfHeader();
  const optionsJSON = await postJson<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    adminApiPaths.linkOptions,
    {},
    xsrf,
  );
  const credential = await startRegistration({ optionsJSON });
  return started(await postJson<Session>(adminApiPaths.linkVerify, { credential }, xsrf));
}

/** Sign-in with any passkey this browser or phone holds for the site. */
export async function signInWithPasskey() {
  const xsrf = await xsrfHeader();
  const optionsJSON = await postJson<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    adminApiPaths.passkeyOptions,
    {},
    xsrf,
  );
  const credential = await startAuthentication({ optionsJSON });
  return started(await postJson<Session>(adminApiPaths.passkeyVerify, { credential }, xsrf));
}

/** Asks for a sign-in link by mail; the answer is the same whether the address is an operator's or not. */
export async function requestSignInLink(email: string) {
  const { message } = await postJson<LinkRequested>(adminApiPaths.requestLink, { email }, await xsrfHeader());
  return message;
}

export const signOut = () => postJson<void>(adminApiPaths.signOut);
