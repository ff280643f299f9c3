/**
 * What the server's own mails carry, so that none of them starts a loop with the mailbox it reads
 * (decision 029): the company's notifications usually go to that very mailbox.
 */

/** RFC 3834: a mail no person wrote. Out-of-office responders do not answer it, and our import skips it. */
export const automaticMailHeaders = { 'Auto-Submitted': 'auto-generated' } as const;

/**
 * RFC 3834 for a mail sent because a person wrote to us (the acknowledgement): an automatic answer, which
 * responders do not answer again; Exchange's and Outlook's out-of-office replies are asked not to either.
 */
export const autoReplyHeaders = {
  'Auto-Submitted': 'auto-replied',
  'X-Auto-Response-Suppress': 'All',
} as const;
