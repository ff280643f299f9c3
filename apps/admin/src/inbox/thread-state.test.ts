import { describe, expect, it } from 'vitest';
import type { Answer, Note, Reply, Thread, ThreadPage } from '../api/conversations.ts';
import { hasHidden, withEarlier, withUpdates } from './thread-state.ts';

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
  spam: false,
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

  it('knows when a restriction hides a text or a file name', () => {
    expect(hasHidden(shown)).toBe(false);
    expect(hasHidden({ ...shown, notes: [note(3, null)] })).toBe(true);
    expect(hasHidden({ ...shown, attachments: [{ seq: 1, fileName: null, size: 1 }] })).toBe(true);
  });
});
