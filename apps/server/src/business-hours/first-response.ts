import type { BusinessHours } from './business-hours.js';

/** From this share of the target spent, an unanswered conversation is due soon. */
export const DUE_SOON_SHARE = 0.75;

/** Where an unanswered conversation's first-response clock stands. */
export type WaitingClock =
  | { state: 'due' | 'due-soon'; dueAt: Date; leftMs: number }
  | { state: 'overdue'; dueAt: Date; overMs: number };

/** How long the first reply took, in business time and on the wall clock, in whole seconds. */
export type FirstResponseTimes = { businessSeconds: number; wallSeconds: number };

/**
 * The first-response clock: an answer is expected `targetMs` of business time after a conversation
 * came in (FIRST_RESPONSE_TARGET); due soon once DUE_SOON_SHARE of that has passed, overdue after it.
 */
export function firstResponseClock(hours: BusinessHours, targetMs: number) {
  const answerExpectedBy = (receivedAt: Date): Date => hours.timeAfter(receivedAt, targetMs);
  return {
    targetMs,

    /** When the company should have answered a conversation that came in at `receivedAt`. */
    answerExpectedBy,

    /** Where the clock of a conversation not answered yet stands at `now`. */
    waiting(receivedAt: Date, now: Date): WaitingClock {
      const spent = hours.timeBetween(receivedAt, now);
      const dueAt = answerExpectedBy(receivedAt);
      if (spent >= targetMs) return { state: 'overdue', dueAt, overMs: spent - targetMs };
      return {
        state: spent >= DUE_SOON_SHARE * targetMs ? 'due-soon' : 'due',
        dueAt,
        leftMs: targetMs - spent,
      };
    },

    /** What is stored when the first reply goes out at `repliedAt`. */
    answered(receivedAt: Date, repliedAt: Date): FirstResponseTimes {
      return {
        businessSeconds: Math.round(hours.timeBetween(receivedAt, repliedAt) / 1000),
        wallSeconds: Math.max(0, Math.round((repliedAt.getTime() - receivedAt.getTime()) / 1000)),
      };
    },
  };
}

export type FirstResponseClock = ReturnType<typeof firstResponseClock>;
