import { z } from 'zod';
import { EMAIL_MAX_LENGTH, emailAddress } from './email.js';

/** The operators, their sessions and passkeys on the wire: for the server's schemas and the inbox app's types. */

/** `{ email }`: an address to act on, in its normal form once checked. */
export const emailBody = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH).pipe(emailAddress),
});

/** A POST that carries nothing (or `{}`). */
export const emptyBody = z.object({}).nullish();

export const operator = z.object({
  email: z.string(),
  /** What visitors see on the operator's replies; null until they give it. */
  name: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type Operator = z.infer<typeof operator>;

export const operatorSummary = operator.extend({
  passkeys: z.number().int(),
  lastSignInAt: z.string().nullable(),
});
export type OperatorSummary = z.infer<typeof operatorSummary>;

export const operatorList = z.object({ operators: z.array(operatorSummary) });
export type OperatorList = z.infer<typeof operatorList>;
export const operatorInvited = z.object({ operator, created: z.boolean() });
export type OperatorInvited = z.infer<typeof operatorInvited>;
export const operatorRevoked = z.object({ operator });
export type OperatorRevoked = z.infer<typeof operatorRevoked>;

/** Who is signed in, and the CSRF token every change must carry in its header. */
export const session = z.object({
  operator: z.object({ email: z.string(), name: z.string().nullable() }),
  csrfToken: z.string(),
});
export type Session = z.infer<typeof session>;

/** A claimed sign-in link: the operator it was sent to. */
export const linkClaimed = z.object({ operator: z.object({ email: z.string() }) });
export type LinkClaimed = z.infer<typeof linkClaimed>;

/** The answer to a link request, the same whoever the address is. */
export const linkRequested = z.object({ message: z.string() });
export type LinkRequested = z.infer<typeof linkRequested>;

const base64url = z
  .string()
  .min(1)
  .max(8192)
  .regex(/^[A-Za-z0-9_-]+$/);

/** A sign-in link's token: 32 random bytes, base64url. */
export const tokenBody = z.object({
  token: z
    .string()
    .length(43)
    .regex(/^[A-Za-z0-9_-]+$/),
});

const clientResponse = z.looseObject({
  clientDataJSON: base64url,
  attestationObject: base64url.optional(),
  authenticatorData: base64url.optional(),
  signature: base64url.optional(),
  userHandle: base64url.optional(),
  transports: z.array(z.string().max(32)).max(10).optional(),
});

/** A WebAuthn credential as @simplewebauthn/browser sends it; the server's library checks the rest. */
const credential = <R extends z.ZodType>(response: R) =>
  z.looseObject({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    response,
    clientExtensionResults: z.looseObject({}).optional(),
    authenticatorAttachment: z.string().max(32).optional(),
  });

export const registrationBody = z.object({
  credential: credential(clientResponse.required({ attestationObject: true })),
});

export const authenticationBody = z.object({
  credential: credential(clientResponse.required({ authenticatorData: true, signature: true })),
});

/** The options for navigator.credentials, as @simplewebauthn/server makes them: passed through whole. */
export const webauthnOptions = z.custom<{ challenge: string }>(
  (value) =>
    typeof value === 'object' && value !== null && typeof Reflect.get(value, 'challenge') === 'string',
);

const credentialId = z
  .string()
  .min(1)
  .max(1400)
  .regex(/^[A-Za-z0-9_-]+$/);

export const passkeyBody = z.object({ id: credentialId });
export const passkeyNameBody = z.object({ id: credentialId, name: z.string().min(1).max(60) });

export const passkey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** When a sign-in with it was refused as a copy's; it signs in no more. */
  flaggedAt: z.string().nullable(),
  /** The passkey this session was started with. */
  current: z.boolean(),
});
export type Passkey = z.infer<typeof passkey>;

export const passkeyList = z.object({ passkeys: z.array(passkey) });
export type PasskeyList = z.infer<typeof passkeyList>;
/** `signedOut`: the removed passkey had started this session, which has ended. */
export const passkeyRemoved = z.object({ signedOut: z.boolean() });
export type PasskeyRemoved = z.infer<typeof passkeyRemoved>;
