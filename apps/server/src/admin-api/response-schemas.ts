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
  linkClaimed: {
    200: {
      type: 'object',
      required: ['operator'],
      properties: {
        operator: { type: 'object', required: ['email'], properties: { email: { type: 'string' } } },
      },
    },
  },
  passkeys: {
    200: {
      type: 'object',
      required: ['passkeys'],
      properties: {
        passkeys: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name', 'createdAt', 'lastUsedAt', 'flaggedAt', 'current'],
            properties: {
              id: { type: 'string' },
              name: { type: 'string' },
              createdAt: { type: 'string' },
              lastUsedAt: nullableTime,
              flaggedAt: nullableTime,
              current: { type: 'boolean' },
            },
          },
        },
      },
    },
  },
  passkeyRemoved: {
    200: { type: 'object', required: ['signedOut'], properties: { signedOut: { type: 'boolean' } } },
  },
  erased: {
    200: {
      type: 'object',
      required: ['messages', 'notificationFiles'],
      properties: { messages: { type: 'integer' }, notificationFiles: { type: 'integer' } },
    },
  },
  restricted: {
    200: { type: 'object', required: ['messages'], properties: { messages: { type: 'integer' } } },
  },
  optedOut: {
    200: { type: 'object', required: ['optedOut'], properties: { optedOut: { type: 'boolean' } } },
  },
  settings: {
    200: {
      type: 'object',
      required: ['siteName', 'siteKeys', 'retention', 'session'],
      properties: {
        siteName: { type: 'string' },
        siteKeys: { type: 'array', items: { type: 'string' } },
        retention: {
          type: 'object',
          required: ['messagesDays', 'networkDetailsDays'],
          properties: {
            messagesDays: { type: ['integer', 'null'] },
            networkDetailsDays: { type: 'integer' },
          },
        },
        session: {
          type: 'object',
          required: ['idleMinutes', 'maxHours'],
          properties: { idleMinutes: { type: 'integer' }, maxHours: { type: 'integer' } },
        },
      },
    },
  },
} as const;
