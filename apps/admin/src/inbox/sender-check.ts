import type { MessageSummary } from '../api/inbox.ts';

/**
 * Where a message came from as the open message says it: a mail with what DMARC said of its sender's
 * domain (as an answer's label says it), or a form's request.
 */
export const mailOrigin = (dmarc: MessageSummary['dmarc']) =>
  `A mail to the company’s mailbox${dmarc === null ? '' : ` (DMARC: ${dmarc})`}`;
