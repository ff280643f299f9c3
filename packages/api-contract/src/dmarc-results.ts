/** What DMARC said of a mail's sender domain, as the company's receiving server recorded it (RFC 7489). */
export const dmarcResults = ['pass', 'fail', 'none', 'other'] as const;
export type DmarcResult = (typeof dmarcResults)[number];

export const isDmarcResult = (value: unknown): value is DmarcResult =>
  dmarcResults.includes(value as DmarcResult);

/** What the inbox and the company's notification call a message by mail whose sender's domain failed DMARC. */
export const DMARC_FAILED_LABEL = 'Sender not verified (DMARC failed)';

/** What the inbox and the notification say after that label: why it matters, and what to do. */
export const dmarcFailedAdvice = (email: string) =>
  `The company’s mail server could not confirm that ${email} sent it. Check with them another way before acting on what it asks.`;
