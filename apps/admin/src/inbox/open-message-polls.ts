// How often an open message asks the server about itself; the browser tests and bench:conversation
// read these too.

/** How often the inbox says an operator is at a message (the server forgets them after 30 s). */
export const PRESENCE_INTERVAL_MS = 10_000;

/**
 * How often an open message asks whether its thread changed: a visitor's answer by mail shows within
 * about this after it is imported (the aim: within 2 s of reaching the mailbox). One small GET.
 */
export const THREAD_VERSION_INTERVAL_MS = 1000;
