import type { FirstResponse } from '../api/inbox.ts';
import { formatDateTime } from '../ui/dates.ts';

/** A length of time as an operator reads it: `45 min`, `2 h 15 min`, `3 d 4 h` (whole minutes). */
export function durationText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return hours % 24 === 0 ? `${Math.floor(hours / 24)} d` : `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** The clock in a few words, for the list: the state in words, never its colour alone. */
export function firstResponseLabel(clock: FirstResponse): string {
  switch (clock.state) {
    case 'due':
      return `Due in ${durationText(clock.leftSeconds)}`;
    case 'due-soon':
      return `Due soon: ${durationText(clock.leftSeconds)} left`;
    case 'overdue':
      return `Overdue by ${durationText(clock.overdueSeconds)}`;
    case 'answered':
      return clock.businessSeconds === null
        ? 'Answered'
        : `Answered in ${durationText(clock.businessSeconds)}`;
  }
}

/** The clock in full, for the open message: business hours named, the due time or the wall-clock time. */
export function firstResponseDetail(clock: FirstResponse): string {
  if (clock.state !== 'answered')
    return `${firstResponseLabel(clock)} of business hours; an answer is due by ${formatDateTime(clock.dueAt)}`;
  if (clock.businessSeconds === null || clock.wallSeconds === null)
    return `First reply sent ${formatDateTime(clock.answeredAt)}`;
  const target = clock.withinTarget ? 'within the target' : 'later than the target';
  return `Answered in ${durationText(clock.businessSeconds)} of business hours (${durationText(clock.wallSeconds)} on the clock), ${target}`;
}
