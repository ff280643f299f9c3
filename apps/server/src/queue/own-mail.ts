/**
 * What the server's own mails carry, so that none of them starts a loop with the mailbox it reads
 * (decision 029): the company's notifications usually go to that very mailbox.
 */

/** RFC 3834: a mail no person wrote. Out-of-office responders do not answer it, and our import skips it. */
export const automaticMailHeaders = { 'Auto-Submitted': 'auto-generated' } as const;
