import type { MessageFilter as WireFilter } from '@site/api-contract';
import type { MessageFilter } from './inbox-repository.js';

/** The message filter a query string names; `mine` is the messages assigned to `operatorId`. */
export const filterOf = (
  { status, spam, site, language, since, until, search, mine, due }: WireFilter,
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
  waiting: due,
});
