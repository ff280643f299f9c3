/** What DMARC said of a mail's sender domain, as the company's receiving server recorded it (RFC 7489). */
export const dmarcResults = ['pass', 'fail', 'none', 'other'] as const;
export type DmarcResult = (typeof dmarcResults)[number];

export const isDmarcResult = (value: unknown): value is DmarcResult =>
  dmarcResults.includes(value as DmarcResult);
