import { describe, expect, it } from 'vitest';
import { durationText, firstResponseDetail, firstResponseLabel } from './first-response-text.ts';

describe('the first-response clock in words', () => {
  it('gives lengths of time in minutes, hours and days', () => {
    expect(durationText(20)).toBe('under a minute');
    expect(durationText(45 * 60)).toBe('45 min');
    expect(durationText(2 * 3600)).toBe('2 h');
    expect(durationText(2 * 3600 + 15 * 60)).toBe('2 h 15 min');
    expect(durationText(68 * 3600)).toBe('2 d 20 h');
    expect(durationText(48 * 3600)).toBe('2 d');
  });

  it('says each state in words', () => {
    const dueAt = '2026-11-30T09:00:00.000Z';
    expect(firstResponseLabel({ state: 'due', dueAt, leftSeconds: 7200 })).toBe('Due in 2 h');
    expect(firstResponseLabel({ state: 'due-soon', dueAt, leftSeconds: 2700 })).toBe('Due soon: 45 min left');
    expect(firstResponseLabel({ state: 'overdue', dueAt, overdueSeconds: 5400 })).toBe(
      'Overdue by 1 h 30 min',
    );
    const answered = { state: 'answered', answeredAt: dueAt, withinTarget: false } as const;
    expect(firstResponseLabel({ ...answered, businessSeconds: 18000, wallSeconds: 244800 })).toBe(
      'Answered in 5 h',
    );
    expect(firstResponseDetail({ ...answered, businessSeconds: 18000, wallSeconds: 244800 })).toBe(
      'Answered in 5 h of business hours (2 d 20 h on the clock), later than the target',
    );
    expect(firstResponseLabel({ ...answered, businessSeconds: null, wallSeconds: null })).toBe('Answered');
  });
});
