/**
 * What the server's own mails carry, so that none of them starts a loop with the mailbox it reads
 * (decision 029): the company's notifications usually go to that very mailbox.
 */

/** RFC 3834: a mail no person wrote. Out-of-office responders do not answer it, and our import skips it. */
export const automaticMailHeaders = { 'Auto-Submitted': 'auto-generated' } as const;

/**
 * The Message-IDs the server gives its mails: a notification (`contact-`), a consent confirmation
 * (`consent-`), an operator's reply (`reply-`), an answer's notice (`answer-`), an operator's sign-in
 * link (`sign-in-`) or passkey notice (`operator-`), each followed by an id; or the day's spam digest
 * (`spam-digest-` and its day).
 */
export const isOwnMailId = (mailId: string) =>
  /^<(?:(?:contact|consent|reply|answer|sign-in|operator)-[\da-f-]{36}[.@]|spam-digest-\d{4}-\d\d-\d\d@)/.test(
    mailId,
  );
