/** JSON schemas of the admin API's answers: Fastify sends only the fields they name. */

const nullableTime = { type: ['string', 'null'] } as const;

const operator = {
  type: 'object',
  required: ['email', 'createdAt', 'revokedAt'],
  properties: { email: { type: 'string' }, createdAt: { type: 'string' }, revokedAt: nullableTime },
} as const;

export const answers = {
  session: {
    200: {
      type: 'object',
      required: ['operator', 'csrfToken'],
      properties: {
        operator: { type: 'object', required: ['email'], properties: { email: { type: 'string' } } },
        csrfToken: { type: 'string' },
      },
    },
  },
  operators: {
    200: {
      type: 'object',
      required: ['operators'],
      properties: {
        operators: {
          type: 'array',
          items: {
            ...operator,
            required: [...operator.required, 'passkeys', 'lastSignInAt'],
            properties: { ...operator.properties, passkeys: { type: 'integer' }, lastSignInAt: nullableTime },
          },
        },
      },
    },
  },
  invited: {
    202: {
      type: 'object',
      required: ['operator', 'created'],
      properties: { operator, created: { type: 'boolean' } },
    },
  },
  revoked: { 200: { type: 'object', required: ['operator'], properties: { operator } } },
} as const;
