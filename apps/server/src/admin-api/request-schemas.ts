import { EMAIL_MAX_LENGTH } from '@site/api-contract';

/** JSON schemas of the admin API's request bodies; Fastify answers 400 to anything else. */

const base64url = { type: 'string', minLength: 1, maxLength: 8192, pattern: '^[A-Za-z0-9_-]+$' } as const;

const emailBody = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: { email: { type: 'string', minLength: 3, maxLength: EMAIL_MAX_LENGTH } },
} as const;

const token = { type: 'string', minLength: 43, maxLength: 43, pattern: '^[A-Za-z0-9_-]+$' } as const;

const clientResponse = (required: readonly string[]) =>
  ({
    type: 'object',
    required,
    properties: {
      clientDataJSON: base64url,
      attestationObject: base64url,
      authenticatorData: base64url,
      signature: base64url,
      userHandle: base64url,
      transports: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 32 } },
    },
  }) as const;

const credential = (required: readonly string[]) =>
  ({
    type: 'object',
    required: ['id', 'rawId', 'type', 'response'],
    properties: {
      id: base64url,
      rawId: base64url,
      type: { const: 'public-key' },
      response: clientResponse(required),
      clientExtensionResults: { type: 'object' },
      authenticatorAttachment: { type: 'string', maxLength: 32 },
    },
  }) as const;

const credentialId = { type: 'string', minLength: 1, maxLength: 1400, pattern: '^[A-Za-z0-9_-]+$' } as const;

export const bodies = {
  passkey: {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: credentialId },
  },
  passkeyName: {
    type: 'object',
    required: ['id', 'name'],
    additionalProperties: false,
    properties: { id: credentialId, name: { type: 'string', minLength: 1, maxLength: 60 } },
  },
  email: emailBody,
  none: { type: 'object', additionalProperties: false, properties: {}, nullable: true },
  token: { type: 'object', required: ['token'], additionalProperties: false, properties: { token } },
  registration: {
    type: 'object',
    required: ['credential'],
    additionalProperties: false,
    properties: { credential: credential(['clientDataJSON', 'attestationObject']) },
  },
  authentication: {
    type: 'object',
    required: ['credential'],
    additionalProperties: false,
    properties: { credential: credential(['clientDataJSON', 'authenticatorData', 'signature']) },
  },
} as const;
