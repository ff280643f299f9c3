import { describe, expect, it } from 'vitest';
import type { MessageMail } from '../api/inbox.ts';
import { formatDateTime } from '../ui/dates.ts';
import { stateOf } from './mail-list.tsx';

const mail = (fields: Partial<MessageMail>): MessageMail => ({
  kind: 'notification',
  status: 'pending',
  attempts: 0,
  lastError: null,
  nextAttemptAt: '2026-03-29T10:00:00.000Z',
  sentAt: null,
  ...fields,
});

describe('stateOf', () => {
  it('says when a mail was sent', () => {
    expect(stateOf(mail({ status: 'sent', attempts: 1, sentAt: '2026-03-29T09:00:00.000Z' }))).toBe(
      `Sent ${formatDateTime('2026-03-29T09:00:00.000Z')}`,
    );
  });

  it('says why a mail failed, after how many attempts', () => {
    expect(stateOf(mail({ status: 'failed', attempts: 2, lastError: '550 Mailbox unavailable' }))).toBe(
      'Failed after 2 attempt(s): 550 Mailbox unavailable',
    );
    expect(stateOf(mail({ status: 'failed', attempts: 5 }))).toBe(
      'Failed after 5 attempt(s): no reason given',
    );
  });

  it('gives a pending mail’s last failure and its next attempt, or nothing before the first', () => {
    expect(stateOf(mail({}))).toBe('Pending');
    expect(stateOf(mail({ attempts: 1, lastError: 'connect ECONNREFUSED' }))).toBe(
      `Pending: attempt 1 failed (connect ECONNREFUSED), next at ${formatDateTime('2026-03-29T10:00:00.000Z')}`,
    );
  });
});
