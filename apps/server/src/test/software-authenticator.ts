import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

type CBORType = Parameters<typeof isoCBOR.encode>[0];

const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data));

const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/**
 * A passkey authenticator in software, as a browser and a security key would answer together: an ES256
 * key, 'none' attestation, CBOR-encoded attestation object and authenticator data. The server checks
 * its answers with @simplewebauthn/server like any real one's.
 */
export function softwareAuthenticator(origin: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return authenticatorWith(origin, {
    privateKey,
    publicKey,
    credentialId: randomBytes(16),
    counter: 0,
    userHandle: '',
  });
}

type KeyState = {
  privateKey: KeyObject;
  publicKey: KeyObject;
  credentialId: Buffer;
  counter: number;
  userHandle: string;
};

function authenticatorWith(origin: string, state: KeyState) {
  const { privateKey, publicKey, credentialId } = state;
  const jwk = publicKey.export({ format: 'jwk' });
  let { counter, userHandle } = state;

  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  const cosePublicKey = () =>
    isoCBOR.encode(
      new Map<number, CBORType>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );

  const authenticator = {
    credentialId: b64url(credentialId),

    /** A copy of the key as it stands now, as a cloned security key or an exported key file would be: it counts on its own. */
    copy: (): SoftwareAuthenticator =>
      authenticatorWith(origin, { privateKey, publicKey, credentialId, counter, userHandle }),

    /** navigator.credentials.create() with these options; `rpId` overrides the options' (a phishing site). */
    register(
      options: PublicKeyCredentialCreationOptionsJSON,
      rpId = options.rp.id!,
    ): RegistrationResponseJSON {
      userHandle = options.user.id;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([USER_PRESENT | USER_VERIFIED | ATTESTED_CREDENTIAL]),
        uint32(counter),
        Buffer.alloc(16),
        idLength,
        credentialId,
        cosePublicKey(),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, CBORType>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, CBORType>()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },

    /** navigator.credentials.get() with these options. */
    authenticate(
      options: PublicKeyCredentialRequestOptionsJSON,
      rpId = options.rpId!,
    ): AuthenticationResponseJSON {
      counter += 1;
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([USER_PRESENT | USER_VERIFIED]),
        uint32(counter),
      ]);
      const clientDataJSON = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...(userHandle ? { userHandle } : {}),
        },
        clientExtensionResults: {},
      };
    },
  };
  return authenticator;
}

export type SoftwareAuthenticator = {
  credentialId: string;
  copy(): SoftwareAuthenticator;
  register(options: PublicKeyCredentialCreationOptionsJSON, rpId?: string): RegistrationResponseJSON;
  authenticate(options: PublicKeyCredentialRequestOptionsJSON, rpId?: string): AuthenticationResponseJSON;
};
