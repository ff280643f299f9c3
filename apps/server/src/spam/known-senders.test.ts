import { adminApiPaths, type SpamReason, type SpamVerdict } from '@site/api-contract';
import { startTestSmtpSink } from '@site/testing/per-test';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type AdminBrowser, signedInOperator } from '../test/admin-client.js';
import { messagesInProcess } from '../test/messages-in-process.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { readRows } from '../test/stored-rows.js';
import { buildTestApp } from '../test/test-app.js';
import type { TestStorage } from '../test/test-storage.js';
import { MARK_WEIGHT } from './spam-training.js';

/** Each test waits on real mail and sign-ins: more than the default on a busy 2-core machine. */
const slow = { timeout: 20_000 };

const settings = {
  CONTACT_RATE_PER_MINUTE: '100',
  APP_SECRET: 'known-senders-test-secret-0123456789',
};

/** The honeypot filled in: spam from a stranger, whatever else the message says. */
const caught = (email: string, subject = 'SEO') => ({
  ...validMessage,
  email,
  subject,
  website: 'https://seo.example',
});

type Judged = { spam: number; spam_verdict: SpamVerdict; spamReasons: SpamReason[] };

async function judged(app: FastifyInstance, browser: AdminBrowser, body: unknown): Promise<Judged> {
  const sent = await sendMessage(app, body);
  expect(sent.statusCode, sent.body).toBe(201);
  const { message } = (
    await browser.get(`${adminApiPaths.messages}/${sent.json<{ id: string }>().id}`)
  ).json();
  return { spam: message.spam ? 1 : 0, spam_verdict: message.spamVerdict, spamReasons: message.spamReasons };
}

/** An app that mails (replies go out), with Anna signed in. */
async function mailingApp() {
  const smtp = await startTestSmtpSink();
  const { app, storage } = await buildTestApp({ ...settings, SMTP_URL: smtp.url });
  const anna = await signedInOperator(app, storage, 'anna@example.com');
  return { app, storage, anna };
}

/** A message from `email`, and Anna's reply to it, sent. */
async function answer(app: FastifyInstance, storage: TestStorage, anna: AdminBrowser, email: string) {
  const id = (await sendMessage(app, { ...validMessage, email })).json<{ id: string }>().id;
  const sent = await anna.post(`${adminApiPaths.messages}/${id}/replies`, { text: 'Gladly.', basedOn: 0 });
  expect(sent.statusCode, sent.body).toBe(201);
  await expect
    .poll(() => readRows(storage, 'select status from replies where message_id = ?', id), { timeout: 5000 })
    .toEqual([{ status: 'sent' }]);
}

const knownSender = (detail: string) =>
  expect.objectContaining({ signal: 'known-sender', points: 0, detail: expect.stringContaining(detail) });

describe('known senders are never silenced', slow, () => {
  it('an address the company answered is at most possibly spam, and says why', async () => {
    const { app, storage, anna } = await mailingApp();
    await answer(app, storage, anna, 'lead@acme.example');
    const again = await judged(app, anna, caught('Lead@ACME.example'));
    expect(again).toMatchObject({ spam: 0, spam_verdict: 'possibly-spam' });
    expect(again.spamReasons[0]).toEqual(knownSender('the company has answered this address'));
    expect(again.spamReasons).toContainEqual(expect.objectContaining({ signal: 'honeypot', points: 10 }));
  });

  it('a domain with an answered conversation counts, a public mail provider’s does not', async () => {
    const { app, storage, anna } = await mailingApp();
    await answer(app, storage, anna, 'lead@acme.example');
    await answer(app, storage, anna, 'someone@gmail.com');
    const colleague = await judged(app, anna, caught('boss@acme.example'));
    expect(colleague).toMatchObject({ spam: 0, spam_verdict: 'possibly-spam' });
    expect(colleague.spamReasons[0]).toEqual(knownSender('the company has answered someone at acme.example'));
    // Nor does a domain that merely ends like the answered one.
    for (const stranger of ['other@gmail.com', 'x@notacme.example'])
      expect(await judged(app, anna, caught(stranger))).toMatchObject({ spam: 1, spam_verdict: 'spam' });
    expect(await readRows(storage, "select message_id from outbox where kind = 'notification'")).toHaveLength(
      3,
    );
  });

  it('an address an operator marked not spam is at most possibly spam from then on, not its domain, not once restricted', async () => {
    const { app, storage, anna } = await mailingApp();
    const first = await sendMessage(app, caught('new.client@firm.example'));
    const id = first.json<{ id: string }>().id;
    expect(await judged(app, anna, caught('new.client@firm.example'))).toMatchObject({
      spam_verdict: 'spam',
    });
    expect((await anna.post(`${adminApiPaths.messages}/${id}/spam`, { spam: false })).statusCode).toBe(204);
    const after = await judged(app, anna, caught('new.client@firm.example'));
    expect(after).toMatchObject({ spam: 0, spam_verdict: 'possibly-spam' });
    expect(after.spamReasons[0]).toEqual(knownSender('an operator marked mail from this address not spam'));
    expect(await judged(app, anna, caught('colleague@firm.example'))).toMatchObject({ spam_verdict: 'spam' });

    // Restricted at the person's request, their messages are only kept: they make nobody known.
    const restricted = await messagesInProcess(storage, 'restrict', '--email', 'new.client@firm.example');
    expect(restricted.code, restricted.err).toBe(0);
    expect(await judged(app, anna, caught('new.client@firm.example'))).toMatchObject({
      spam_verdict: 'spam',
    });
  });
});

describe('a mark on one instance changes the next verdict on another', slow, () => {
  it('Not spam on one instance makes the sender known to the other at once; Spam teaches the other’s classifier at once', async () => {
    const { app: one, storage } = await buildTestApp(settings);
    const { app: other } = await buildTestApp(settings, undefined, {}, storage);
    const onOne = await signedInOperator(one, storage, 'anna@example.com');
    const onOther = await signedInOperator(other, storage, 'ben@example.com');

    const spam = await sendMessage(other, caught('buyer@shop.example'));
    const real = await sendMessage(other, { ...validMessage, email: 'someone@shop.example' });
    const learnt = async () =>
      (await judged(other, onOther, validMessage)).spamReasons.find(
        (reason) => reason.signal === 'classifier',
      )!.detail;
    expect(await learnt()).toContain('learnt from 0 spam and 0 real messages');

    const mark = (response: typeof spam, asSpam: boolean) =>
      onOne.post(`${adminApiPaths.messages}/${response.json<{ id: string }>().id}/spam`, { spam: asSpam });
    expect((await mark(spam, false)).statusCode).toBe(204);
    expect(await judged(other, onOther, caught('buyer@shop.example'))).toMatchObject({
      spam: 0,
      spam_verdict: 'possibly-spam',
    });
    expect((await mark(real, true)).statusCode).toBe(204);
    // A mark counts as MARK_WEIGHT messages.
    expect(await learnt()).toContain(`learnt from ${MARK_WEIGHT} spam and ${MARK_WEIGHT} real messages`);
  });

  it('a mark on the command line changes what a running server judges next', async () => {
    const { app, storage } = await buildTestApp(settings);
    const anna = await signedInOperator(app, storage, 'anna@example.com');
    const learnt = async () =>
      (await judged(app, anna, validMessage)).spamReasons.find((reason) => reason.signal === 'classifier')!
        .detail;
    const markOnCommandLine = async () => {
      const sent = await sendMessage(app, { ...validMessage, email: 'someone@shop.example' });
      const marked = await messagesInProcess(storage, 'spam', sent.json<{ id: string }>().id);
      expect(marked.code, marked.err).toBe(0);
    };
    expect(await learnt()).toContain('learnt from 0 spam');
    await markOnCommandLine();
    expect(await learnt()).toContain(`learnt from ${MARK_WEIGHT} spam`);
    await markOnCommandLine();
    expect(await learnt()).toContain(`learnt from ${2 * MARK_WEIGHT} spam`);
  });
});
