import { z } from 'zod';
import { spamSignals } from './spam-signals.js';

/** One reason for a verdict: the signal, the points it added (negative: it spoke for the message), and why. */
export const spamReason = z.object({
  signal: z.enum(spamSignals),
  points: z.number(),
  detail: z.string(),
});
export type SpamReason = z.infer<typeof spamReason>;
