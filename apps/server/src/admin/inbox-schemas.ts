import { messageStatuses } from '../db/types.js';

/** JSON schemas of the inbox routes: Fastify answers 400 to anything else. */

const id = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[0-9a-f-]+$' } as const;
const time = { type: 'string', format: 'date-time' } as const;

const filter = {
  status: { enum: messageStatuses },
  spam: { type: 'boolean', default: false },
  site: { type: 'string', minLength: 1, maxLength: 200 },
  since: time,
  until: time,
  search: { type: 'string', minLength: 1, maxLength: 200 },
} as const;

const page = {
  before: { type: 'integer', minimum: 1 },
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
} as const;

export const inboxSchemas = {
  list: { querystring: { type: 'object', additionalProperties: false, properties: { ...filter, ...page } } },
  export: {
    querystring: {
      type: 'object',
      required: ['format'],
      additionalProperties: false,
      properties: { ...filter, format: { enum: ['csv', 'json'] } },
    },
  },
  audit: { querystring: { type: 'object', additionalProperties: false, properties: page } },
  message: { params: { type: 'object', required: ['id'], properties: { id } } },
  status: {
    params: { type: 'object', required: ['id'], properties: { id } },
    body: {
      type: 'object',
      required: ['status'],
      additionalProperties: false,
      properties: { status: { enum: messageStatuses } },
    },
  },
  spam: {
    params: { type: 'object', required: ['id'], properties: { id } },
    body: {
      type: 'object',
      required: ['spam'],
      additionalProperties: false,
      properties: { spam: { type: 'boolean' } },
    },
  },
} as const;
