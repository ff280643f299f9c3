import { describe, expect, it } from 'vitest';
import { pageOf, type ThreadRange } from './thread-page.js';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
const reply = (seq: number, minute: number, status = 'sent') => ({ seq, at: at(minute), status });
const item = (seq: number, minute: number) => ({ seq, at: at(minute) });
/** Rows as the repository reads them: newest first, at most limit + 1 (here 4). */
const newestFirst = <T extends { seq: number }>(rows: T[], limit = 3) =>
  rows.toSorted((a, b) => b.seq - a.seq).slice(0, limit + 1);

describe('a page of a thread', () => {
  it('holds the newest items of the three kinds by time, each kind oldest first, and points before them', () => {
    const range: ThreadRange = {};
    const page = pageOf(
      range,
      {
        replies: newestFirst([reply(1, 10), reply(2, 40)]),
        notes: newestFirst([item(7, 20), item(8, 35)]),
        answers: newestFirst([item(3, 5), item(4, 30), item(5, 50)]),
      },
      3,
    );
    expect([page.replies, page.notes, page.answers].map((rows) => rows.map((row) => row.seq))).toEqual([
      [2],
      [8],
      [5],
    ]);
    expect(page.earlier).toBe('2.8.5');
    expect(page.latest).toBe('2.8.5');
  });

  it('has no earlier point once every row is on it, and one that keeps a kind none of whose rows it took', () => {
    const whole = pageOf({}, { replies: [], notes: [item(1, 1)], answers: [item(1, 2)] }, 3);
    expect(whole.earlier).toBeNull();
    const crowded = pageOf(
      {},
      { replies: [], notes: [item(9, 1)], answers: newestFirst([item(1, 2), item(2, 3), item(3, 4)]) },
      3,
    );
    expect(crowded.notes).toEqual([]);
    // The note (seq 9), older than the three answers, is read by the next page.
    expect(crowded.earlier).toBe('0.10.1');
  });

  it('after a point: only what is newer, a reply not sent yet read again, and a gap when more came than a page holds', () => {
    const after = { replies: 1, notes: 4, answers: 10 };
    const update = pageOf(
      { after },
      { replies: [reply(3, 61, 'sent'), reply(2, 60, 'pending')], notes: [], answers: [item(11, 62)] },
      3,
    );
    expect(update.earlier).toBeNull();
    expect(update.latest).toBe('1.4.11');
    const flood = pageOf(
      { after },
      { replies: [], notes: [], answers: newestFirst([11, 12, 13, 14, 15].map((seq) => item(seq, seq))) },
      3,
    );
    expect(flood.answers.map((row) => row.seq)).toEqual([13, 14, 15]);
    // The rows before the new page: the answers from 12 down, and every reply and note up to the point.
    expect(flood.earlier).toBe('2.5.13');
    expect(flood.latest).toBe('1.4.15');
  });
});
