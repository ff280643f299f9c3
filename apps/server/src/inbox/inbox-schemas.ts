import type { MessageFilter } from '../contact/message-queries.js';
import { type MessageStatus, messageStatuses } from '../db/types.js';
import { bodies } from '../admin-api/request-schemas.js';

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
  list: {
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: { ...filter, ...page, after: { type: 'integer', minimum: 0 } },
    },
  },
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
  read: { params: { type: 'object', required: ['id'], properties: { id } }, body: bodies.none },
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
  retry: {
    params: { type: 'object', required: ['id'], properties: { id } },
    body: bodies.none,
    response: { 200: { type: 'object', required: ['queued'], properties: { queued: { type: 'integer' } } } },
  },
} as const;

/** The inbox filter as the query string gives it (after the schema's defaults). */
export type FilterQuery = {
  status?: MessageStatus;
  spam: boolean;
  site?: string;
  since?: string;
  until?: string;
  search?: string;
};

/** The message filter a query string names. */
export const filterOf = ({ status, spam, site, since, until, search }: FilterQuery): MessageFilter => ({
  spam,
  status,
  siteKey: site,
  since,
  until,
  search,
});

/** Where the next page starts: after a full page there may be more, a shorter one is the last. */
export const nextBefore = (rows: readonly { seq: number }[], limit: number) =>
  rows.length === limit ? rows.at(-1)!.seq : null;
