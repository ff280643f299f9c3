import { describe, expect, it } from 'vitest';
import type { Answer, Note, Reply, Thread, ThreadPage } from '../api/conversations.ts';
import { hasHidden, seenOf, withEarlier, withUpdates, withWritten } from './thread-state.ts';

const by = { email: 'anna@example.com', name: 'Anna' };
const reply = (seq: number, text: string | null, status: Reply['status'] = 'pending'): Reply => ({
  seq,
  by,
  text,
  createdAt: '2026-01-01T10:00:00.000Z',
  status,
  attempts: 0,
  lastError: null,
  nextAttemptAt: '2026-01-01T10:00:00.000Z',
  sentAt: null,
});
const note = (seq: number, text: string | null): Note => ({
  seq,
  by,
  text,
  createdAt: '2026-01-01T10:00:00.000Z',
});
const answer = (seq: number, text: string | null, fileName?: string | null): Answer => ({
  seq,
  fromName: 'Jane',
  fromAddress: 'jane@example.com',
  text,
  receivedAt: '2026-01-01T10:00:00.000Z',
  automatic: false,
  otherSender: false,
  spamVerdict: 'not-spam',
  dmarc: null,
  attachments: fileName === undefined ? [] : [{ seq: seq * 10, fileName, size: 100 }],
});
const page = (fields: Partial<ThreadPage>): ThreadPage => ({
  replies: [],
  notes: [],
  answers: [],
  earlier: null,
  latest: '9.9.9',
  ...fields,
});
const shown: Thread = {
  ...page({
    replies: [reply(1, 'Hello.')],
    answers: [answer(2, 'Thanks.', 'a.pdf')],
    earlier: '1.0.2',
    latest: '0.0.2',
  }),
  attachments: [],
  assignee: null,
};

describe('the thread an open message shows', () => {
  it('takes the updates in: new items added, a reply’s new state, and the point moved on', () => {
    const next = withUpdates(
      shown,
      page({ replies: [reply(1, 'Hello.', 'sent')], notes: [note(4, 'Noted.')] }),
    );
    expect(next.replies.map((item) => item.status)).toEqual(['sent']);
    expect(next.notes.map((item) => item.text)).toEqual(['Noted.']);
    expect(next.answers).toEqual(shown.answers);
    expect([next.earlier, next.latest]).toEqual(['1.0.2', '9.9.9']);
  });

  it('starts over from updates that bring more than a page, whose earlier point leads back', () => {
    const next = withUpdates(shown, page({ answers: [answer(50, 'Fifty.')], earlier: '2.0.50' }));
    expect(next.answers.map((item) => item.seq)).toEqual([50]);
    expect(next.replies).toEqual([]);
    expect(next.earlier).toBe('2.0.50');
  });

  it('adds the page before it in order, and keeps a text or file name shown that a later read leaves out', () => {
    const next = withEarlier(shown, page({ answers: [answer(1, 'First.')], earlier: null }));
    expect(next.answers.map((item) => item.text)).toEqual(['First.', 'Thanks.']);
    expect(next.earlier).toBeNull();
    const hiddenAgain = withUpdates(shown, page({ answers: [answer(2, null, null)] }));
    expect(hiddenAgain.answers[0]).toMatchObject({ text: 'Thanks.', attachments: [{ fileName: 'a.pdf' }] });
  });

  it('shows the operator’s own reply or note as the server stored it, and its point stays', () => {
    const replied = withWritten(shown, { reply: reply(3, 'On its way.') });
    expect(replied.replies.map((item) => [item.seq, item.text])).toEqual([
      [1, 'Hello.'],
      [3, 'On its way.'],
    ]);
    expect(replied.latest).toBe(shown.latest);
    const noted = withWritten(replied, { note: note(7, 'Called them.') });
    expect(noted.notes.map((item) => item.text)).toEqual(['Called them.']);
    // The updates bring the reply again as its mail goes: one reply, in its new state.
    const sent = withUpdates(noted, page({ replies: [reply(3, 'On its way.', 'sent')] }));
    expect(sent.replies.map((item) => [item.seq, item.status])).toEqual([
      [1, 'pending'],
      [3, 'sent'],
    ]);
  });

  it('gives the newest item of each kind it shows as the point seen', () => {
    expect(seenOf(shown)).toBe('1.0.2');
    expect(seenOf(withWritten(shown, { note: note(7, 'Called them.') }))).toBe('1.7.2');
    expect(seenOf({ ...shown, replies: [], answers: [] })).toBe('0.0.0');
  });

  it('knows when a restriction hides a text or a file name', () => {
    expect(hasHidden(shown)).toBe(false);
    expect(hasHidden({ ...shown, notes: [note(3, null)] })).toBe(true);
    expect(hasHidden({ ...shown, attachments: [{ seq: 1, fileName: null, size: 1 }] })).toBe(true);
  });
});
