import { z } from 'zod';

/** What the spam filter looks at; each stored verdict names the ones that counted. */
export const spamSignals = [
  'honeypot',
  'too-fast',
  'no-page',
  'links',
  'link-shortener',
  'markup',
  'foreign-script',
  'repeated-characters',
  'hidden-characters',
  'padding',
  'random-letters',
  'throwaway-address',
  'repeated-text',
  'classifier',
] as const;
export type SpamSignal = (typeof spamSignals)[number];

/** One reason for a verdict: the signal, the points it added (negative: it spoke for the message), and why. */
export const spamReason = z.object({
  signal: z.enum(spamSignals),
  points: z.number(),
  detail: z.string(),
});
export type SpamReason = z.infer<typeof spamReason>;
