import { z } from 'zod';
import { spamSignals } from './spam-signals.js';

/** One reason for a verdict: the signal, the points it added (negative: it spoke for the message), and why. */
export const spamReason = z.object({
  signal: z.enum(spamSignals),
  points: z.number(),
  detail: z.string(),
});
export type SpamReason = z.infer<typeof spamReason>;

/**
 * What the spam filter made of a message: not spam; possibly spam (in New, labelled and notified, for a
 * person to judge); spam (silenced: in Spam, notified to nobody). Only a sure verdict silences.
 */
export const spamVerdicts = ['not-spam', 'possibly-spam', 'spam'] as const;
export type SpamVerdict = (typeof spamVerdicts)[number];
export const spamVerdict = z.enum(spamVerdicts);
