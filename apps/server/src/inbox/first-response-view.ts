import type { FirstResponse } from '@site/api-contract';
import type { FirstResponseClock } from '../business-hours/first-response.js';
import type { MessageRow } from '../db/types.js';

/** What a message's first-response clock is read from. */
export type ClockRow = Pick<
  MessageRow,
  'received_at' | 'spam' | 'status' | 'first_reply_at' | 'first_response_business_s' | 'first_response_wall_s'
>;

const seconds = (ms: number) => Math.round(ms / 1000);

/**
 * A message's first-response clock at `now`: answered once it has a first reply; running while it is new
 * or read; none for spam, or for one set answered or archived without a reply.
 */
export function firstResponseView(row: ClockRow, clock: FirstResponseClock, now: Date): FirstResponse | null {
  if (row.spam === 1) return null;
  if (row.first_reply_at !== null)
    return {
      state: 'answered',
      answeredAt: row.first_reply_at,
      businessSeconds: row.first_response_business_s,
      wallSeconds: row.first_response_wall_s,
      withinTarget:
        row.first_response_business_s === null
          ? null
          : row.first_response_business_s * 1000 <= clock.targetMs,
    };
  if (row.status !== 'new' && row.status !== 'read') return null;
  const waiting = clock.waiting(new Date(row.received_at), now);
  return waiting.state === 'overdue'
    ? { state: 'overdue', dueAt: waiting.dueAt.toISOString(), overdueSeconds: seconds(waiting.overMs) }
    : { state: waiting.state, dueAt: waiting.dueAt.toISOString(), leftSeconds: seconds(waiting.leftMs) };
}
