import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  acknowledgementMailId,
  analyticsWeekMailId,
  answerNoticeKey,
  answerNoticeMailId,
  confirmationMailId,
  conversationMailId,
  isOwnMailId,
  messageIdInMail,
  notificationMailId,
  operatorMailId,
  replyMailId,
  signInMailId,
  spamDigestDayInMail,
  spamDigestMailId,
} from './mail-ids.js';

const id = randomUUID();
const from = 'Site <site@test.example>';
/** The name fileMailer gives a mail's .eml copy. */
const fileOf = (mailId: string) => `${mailId.replace(/[^\w.@-]/g, '')}.eml`;

describe('our Message-IDs', () => {
  it('are known as ours, each with the message it is about, also in its .eml file name', () => {
    const aboutMessage = [
      notificationMailId(id, from),
      confirmationMailId(id, from),
      acknowledgementMailId(id, from),
      replyMailId(id, from),
      answerNoticeMailId(id, 7, from),
    ];
    for (const mailId of aboutMessage) {
      expect(mailId).toMatch(/@test\.example>$/);
      expect(isOwnMailId(mailId)).toBe(true);
      expect(messageIdInMail(mailId)).toBe(id);
      expect(messageIdInMail(fileOf(mailId))).toBe(id);
    }
    for (const mailId of [
      signInMailId('https://www.test.example'),
      operatorMailId('https://www.test.example'),
    ]) {
      expect(mailId).toMatch(/@www\.test\.example>$/);
      expect(isOwnMailId(mailId)).toBe(true);
      expect(messageIdInMail(mailId)).toBeUndefined();
    }
  });

  it('keep the formats mails already sent carry', () => {
    expect(notificationMailId(id, from)).toBe(`<contact-${id}@test.example>`);
    expect(confirmationMailId(id, from)).toBe(`<consent-${id}@test.example>`);
    expect(answerNoticeMailId(id, 7, from)).toBe(`<answer-${id}.7@test.example>`);
    expect(replyMailId(id, from)).toMatch(new RegExp(`^<reply-${id}\\.[\\da-f]{12}@test\\.example>$`));
    expect(conversationMailId(id, from)).toBe(`<message-${id}@test.example>`);
    expect(spamDigestMailId('2026-11-28', from)).toBe('<spam-digest-2026-11-28@test.example>');
  });

  it("tell an answer's notice and a spam digest by their file names", () => {
    expect(answerNoticeKey(fileOf(answerNoticeMailId(id, 12, from)))).toBe(`${id}.12`);
    expect(answerNoticeKey(fileOf(notificationMailId(id, from)))).toBeUndefined();
    expect(spamDigestDayInMail(fileOf(spamDigestMailId('2026-11-28', from)))).toBe('2026-11-28');
    expect(isOwnMailId(spamDigestMailId('2026-11-28', from))).toBe(true);
    expect(analyticsWeekMailId('2026-11-30', from)).toBe('<analytics-week-2026-11-30@test.example>');
    expect(isOwnMailId(analyticsWeekMailId('2026-11-30', from))).toBe(true);
    expect(spamDigestDayInMail(fileOf(analyticsWeekMailId('2026-11-30', from)))).toBeUndefined();
  });

  it("take no visitor's Message-ID for ours, nor the conversation's, which no mail carries", () => {
    for (const mailId of [
      '<contact-form@example.org>',
      `<message-${id}@test.example>`,
      `contact-${id}@test.example`,
      '<spam-digest-today@test.example>',
      '<analytics-week-today@test.example>',
      `<jane-${id}@example.com>`,
    ])
      expect(isOwnMailId(mailId)).toBe(false);
  });

  it('read a long hostile Message-ID in linear time', () => {
    const hostile = `<reply-${'a'.repeat(200_000)}.${'.'.repeat(200_000)}`;
    const started = performance.now();
    expect(isOwnMailId(hostile)).toBe(false);
    expect(messageIdInMail(hostile)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(200);
  });
});
