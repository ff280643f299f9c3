import type { MessageFilter as WireFilter } from '@site/api-contract';
import type { MessageFilter } from './inbox-repository.js';

/** The message filter a query string names; `mine` is the messages assigned to `operatorId`. */
export const filterOf = (
  { status, spam, site, language, since, until, search, mine }: WireFilter,
  operatorId: number,
): MessageFilter => ({
  spam,
  status,
  siteKey: site,
  language,
  since,
  until,
  search,
  assignedTo: mine ? operatorId : undefined,
});

/** Where the next page starts: after a full page there may be more, a shorter one is the last. */
export const nextBefore = (rows: readonly { seq: number }[], limit: number) =>
  rows.length === limit ? rows.at(-1)!.seq : null;
