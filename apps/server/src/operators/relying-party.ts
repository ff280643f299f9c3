import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { COSEALG, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { StoredPasskey } from './passkey-repository.js';

/** Who the passkeys belong to: the site at SITE_URL (its host name is the RP id, its origin the only one accepted). */
export type RelyingParty = { id: string; origin: string; name: string };

export const relyingPartyOf = (siteUrl: string, name: string): RelyingParty => {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin, name };
};

/**
 * Named, so the library does not probe Node for post-quantum algorithms (an ExperimentalWarning on
 * every registration); these three cover the authenticators in use.
 */
const algorithms = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

/** A passkey as @simplewebauthn/server wants it. */
const credentialOf = (passkey: StoredPasskey) => ({
  id: passkey.credentialId,
  publicKey: isoBase64URL.toBuffer(passkey.publicKey),
  counter: passkey.counter,
  transports: passkey.transports,
});

/** WebAuthn for the operators: user verification (PIN, biometrics) required, no attestation asked. */
export function webauthn(rp: RelyingParty) {
  return {
    registrationOptions: (operator: { id: number; email: string }, existing: string[]) =>
      generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: operator.email,
        userID: new TextEncoder().encode(`operator-${operator.id}`),
        attestationType: 'none',
        excludeCredentials: existing.map((id) => ({ id })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: algorithms,
      }),

    authenticationOptions: () => generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' }),

    /** The new passkey, or undefined when the response does not verify. */
    async verifyRegistration(
      response: RegistrationResponseJSON,
      expectedChallenge: (challenge: string) => Promise<boolean>,
    ) {
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
        supportedAlgorithmIDs: algorithms,
      });
      if (!result.verified) return undefined;
      const { credential } = result.registrationInfo;
      return {
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
      };
    },

    /** The passkey's new counter, or undefined when the response does not verify. */
    async verifyAuthentication(
      response: AuthenticationResponseJSON,
      passkey: StoredPasskey,
      expectedChallenge: (challenge: string) => Promise<boolean>,
    ) {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: credentialOf(passkey),
        requireUserVerification: true,
      });
      return result.verified ? result.authenticationInfo.newCounter : undefined;
    },
  };
}
