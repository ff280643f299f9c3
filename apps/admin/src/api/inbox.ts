import { adminEndpoints as endpoints } from '@site/api-contract/constants';
import type { MessageFilter, MessageStatus } from '@site/api-contract';
import { backgroundRequest, call, download } from './admin-client.ts';

export type {
  FirstResponse,
  MessageDetail as Message,
  MessageMail,
  MessagePage,
  MessageSummary,
  MessageStatus,
  SpamVerdict,
} from '@site/api-contract';

/**
 * What the inbox shows: a status (or spam), a partner site, a language, a date range (whole days), a search text, and
 * perhaps only the messages assigned to the operator, or only those waiting for a first reply, the soonest due first.
 */
export type Filter = Omit<MessageFilter, 'mine' | 'due'> & { mine?: boolean; due?: boolean };

/**
 * Local midnight at the start of `date` (yyyy-mm-dd), or `days` later: calendar arithmetic, so a day the
 * clocks change is 23 or 25 hours long, not 24.
 */
function startOfDay(date: string, days = 0) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day + days);
}

/** The filter as query parameters; dates are whole days in the operator's time zone. */
export function queryOf(filter: Filter, extra: Record<string, string | number | undefined> = {}) {
  const query = new URLSearchParams();
  const put = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') query.set(name, String(value));
  };
  put('status', filter.status);
  if (filter.spam) put('spam', 'true');
  if (filter.mine) put('mine', 'true');
  if (filter.due) put('due', 'true');
  put('site', filter.site);
  put('language', filter.language);
  put('since', filter.since && startOfDay(filter.since).toISOString());
  put('until', filter.until && startOfDay(filter.until, 1).toISOString());
  put('search', filter.search?.trim());
  for (const [name, value] of Object.entries(extra)) put(name, value);
  return query.toString();
}

/** The grants an open message's reads carry: its opening's, and a reveal's for a restricted person's texts. */
export type Grants = { openGrant: string; revealGrant: string | null };

/** The query of a read of an open message's thread: `extra`, and its grants. */
export const grantQuery = <Extra extends Record<string, string>>(
  { openGrant, revealGrant }: Grants,
  extra: Extra,
) => ({ ...extra, grant: openGrant, ...(revealGrant ? { reveal: revealGrant } : {}) });

/** The filter as the list's query: `queryOf` read back into its fields. */
const listQuery = (filter: Filter, extra: Record<string, string | number | undefined>) =>
  Object.fromEntries(new URLSearchParams(queryOf(filter, extra)));

export const inbox = {
  page: (filter: Filter, before?: number) => call(endpoints.messages, {}, listQuery(filter, { before })),
  /** The messages of the filter that arrived after `seq`, newest first: asked on its own, so it keeps no session alive. */
  newerThan: (filter: Filter, seq: number) =>
    call(endpoints.messages, {}, listQuery(filter, { after: seq }), backgroundRequest),
  /** Opens a message (the audit log records each opening): its fields, mails and newest page of its thread. */
  open: (id: string) => call(endpoints.openMessage, { id }),
  /**
   * What changed in an open message after a point of its thread; `seen`, the newest items it shows: the
   * read is audited when it gives a newer one. Asked on its own, so it keeps no session alive.
   */
  updates: (id: string, after: string, seen: string, grants: Grants) =>
    call(endpoints.messageUpdates, { id }, grantQuery(grants, { after, seen }), backgroundRequest),
  /** A new message becomes read (opening it changes nothing by itself). */
  markRead: (id: string) => call(endpoints.markRead, { id }, {}),
  /** A restricted message's text and its conversation's, which the audit log records were asked for. */
  reveal: (id: string) => call(endpoints.revealMessage, { id }, {}),
  setStatus: (id: string, status: MessageStatus) => call(endpoints.setStatus, { id }, { status }),
  setSpam: (id: string, spam: boolean) => call(endpoints.markSpam, { id }, { spam }),
  retryMails: (id: string) => call(endpoints.retryMails, { id }, {}),
  export: (filter: Filter, format: 'csv' | 'json') =>
    download(endpoints.exportMessages, {}, listQuery(filter, { format })),
};
