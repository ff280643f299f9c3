import type { ReceivedMail } from '@site/testing/mail';

// The server's notification Message-ID, `<contact-<message id>@<domain>>`, the same for every retry.
const notificationId = /^message-id:\s*<contact-([\da-f-]+)@/im;

/** The message a mail at the sink notifies of, or undefined for any other mail. */
export const notifiedMessageId = (mail: ReceivedMail) => notificationId.exec(mail.raw)?.[1];

/** How many notifications the sink received for each message id. */
export function notificationCounts(mails: readonly ReceivedMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of mails) {
    const id = notifiedMessageId(mail);
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/**
 * Waits until every id in `ids` has a notification among `mails()` (which may grow, and span several
 * sinks); returns the ids still without one when `timeoutMs` ran out.
 */
export async function waitForNotifications(
  mails: () => readonly ReceivedMail[],
  ids: Iterable<string>,
  timeoutMs: number,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = notificationCounts(mails());
    const missing = [...ids].filter((id) => !counts.has(id));
    if (missing.length === 0 || Date.now() > deadline) return missing;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
