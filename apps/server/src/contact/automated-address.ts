/**
 * Local parts of addresses no person reads, which RFC 3834 (section 2) says an automatic answer must not
 * go to: the mail system's own (MAILER-DAEMON, postmaster), mailing lists' (owner-…, …-request,
 * …-owner) and senders that say so in their name (noreply, do-not-reply, bounces). Anchored alternatives
 * over the local part alone: linear.
 */
const AUTOMATED_LOCAL_PART =
  /^(?:mailer-daemon|postmaster|no[-_.]?reply|do[-_.]?not[-_.]?reply|bounces?|owner-.*|.*-(?:request|owner|bounces?))$/i;

/** Whether an address is one to which no acknowledgement goes. */
export const isAutomatedAddress = (email: string) =>
  AUTOMATED_LOCAL_PART.test(email.slice(0, email.lastIndexOf('@')));
