import type { MessageSummary } from '../api/inbox.ts';

/** The label of a message by mail whose sender's domain failed DMARC, in the list and the open message. */
export const DMARC_FAILED_LABEL = 'Sender not verified (DMARC failed)';

/**
 * Where a message came from as the open message says it: a mail with what DMARC said of its sender's
 * domain (as an answer's label says it), or a form's request.
 */
export const mailOrigin = (dmarc: MessageSummary['dmarc']) =>
  `A mail to the company’s mailbox${dmarc === null ? '' : ` (DMARC: ${dmarc})`}`;
