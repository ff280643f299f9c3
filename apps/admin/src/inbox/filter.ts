import type { Filter, MessageStatus, MessageSummary } from '../api/inbox.ts';

/**
 * The views of the inbox, as tabs: everything, what waits for a first reply (the soonest due first), a
 * status, or spam (the filter's or an operator's).
 */
export const views = [
  { id: 'all', label: 'All', filter: { spam: false } },
  { id: 'due', label: 'Due first', filter: { spam: false, due: true } },
  { id: 'new', label: 'New', filter: { spam: false, status: 'new' } },
  { id: 'read', label: 'Read', filter: { spam: false, status: 'read' } },
  { id: 'answered', label: 'Answered', filter: { spam: false, status: 'answered' } },
  { id: 'archived', label: 'Archived', filter: { spam: false, status: 'archived' } },
  { id: 'mine', label: 'Mine', filter: { spam: false, mine: true } },
  { id: 'spam', label: 'Spam', filter: { spam: true } },
] as const satisfies readonly { id: string; label: string; filter: Filter }[];

export type ViewId = (typeof views)[number]['id'];

/** Whether a message with this status and spam flag still belongs in the list of this filter. */
export const stillMatches = (filter: Filter, status: MessageStatus, spam: boolean) =>
  filter.spam === spam &&
  (filter.status === undefined || filter.status === status) &&
  (!filter.due || status === 'new' || status === 'read');

export const statusLabels: Record<MessageStatus, string> = {
  new: 'New',
  read: 'Read',
  answered: 'Answered',
  archived: 'Archived',
};

export type Row = MessageSummary & { spam: boolean };
