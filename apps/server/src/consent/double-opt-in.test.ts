import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { beforeEach, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_API_PATH } from '@site/api-contract';
import { runMessages } from '../cli/run-messages.js';
import { readEnv } from '../env.js';
import { createUnsubscribeToken } from '../privacy/unsubscribe-token.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { confirmationLinkIn, readMail } from '@site/testing/mail-links';
import { startTestSmtpSink } from '@site/testing/per-test';
import type { TestStorage } from '../test/test-storage.js';
import { buildTestApp } from '../test/test-app.js';
import { DAY_MS } from '../time.js';
import { createConsentToken } from './consent-token.js';

const SECRET = 'double-opt-in-test-secret-0123456789abcdef';
let app: FastifyInstance;
let storage: TestStorage;
let smtp: Awaited<ReturnType<typeof startTestSmtpSink>>;

beforeEach(async () => {
  smtp = await startTestSmtpSink();
  ({ app, storage } = await buildTestApp({
    APP_SECRET: SECRET,
    SMTP_URL: smtp.url,
    CONTACT_RATE_PER_MINUTE: '1000',
  }));
});

async function cli(...argv: string[]): Promise<string> {
  const out: string[] = [];
  const env = readEnv({ ...storage.settings, APP_SECRET: SECRET, SITE_URL: 'https://www.example.com' });
  await runMessages(argv, env, { out: (text) => out.push(text), err: () => {} });
  return out.join('\n');
}

const marketingList = async () =>
  parse(await cli('marketing-list'), { columns: true, bom: true }) as Record<string, string>[];

const consents = () => readRows(storage, 'select * from marketing_consents');

/** Waits until the worker has handled every mail in the outbox. */
async function allMailsSent() {
  await expect
    .poll(() => readRows(storage, "select seq from outbox where status != 'sent'"), {
      timeout: 5000,
      interval: 20,
    })
    .toEqual([]);
}

/** Every mail sent to the address, whatever its case. */
async function mailsTo(address: string) {
  await allMailsSent();
  return smtp.mails.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

async function send(body: Record<string, unknown>) {
  const response = await sendMessage(app, { ...validMessage, ...body });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

/** The token of the link in a confirmation mail. */
async function tokenIn(raw: string): Promise<string> {
  const { text } = await readMail(raw);
  const link = confirmationLinkIn(text);
  expect(link, text).toBeDefined();
  return link!.token;
}

const openLink = (token: string) => app.inject(`/confirm-subscription?token=${encodeURIComponent(token)}`);

/** The page's button, as the browser sends it. */
const pressConfirm = (token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/confirm-subscription',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams({ token }).toString(),
  });

describe('double opt-in', () => {
  it('the attack: ticking the box with someone else’s address does not put it on the marketing list', async () => {
    const sent = await sendMessage(app, {
      ...validMessage,
      email: 'victim@example.com',
      marketingConsent: true,
    });
    expect(sent.statusCode).toBe(201);
    expect(await cli('marketing-list')).not.toContain('victim@example.com');
  });

  it('mails a link that shows a page on GET and confirms only on POST; the list then has the consent time', async () => {
    const id = await send({
      name: 'Jane <b>Doe</b>',
      subject: 'Cheap pills SUBJECT-TEXT',
      message: 'Visit http://spam.example MESSAGE-TEXT',
      marketingConsent: true,
    });
    const [mail, ...more] = await mailsTo('jane@example.com');
    expect(more).toEqual([]);
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.subject).toBe('Please confirm: news and offers from Test Company');
    expect(parsed.to).toMatchObject({ value: [{ name: '', address: 'jane@example.com' }] });
    expect(parsed.messageId).toBe(`<consent-${id}@test.example>`);
    expect(parsed.text).toMatch(/^Hello,\n/);
    for (const typed of ['Jane', 'SUBJECT-TEXT', 'MESSAGE-TEXT', 'spam.example', 'Cheap pills'])
      expect(mail!.raw, typed).not.toContain(typed);
    expect(parsed.html).toBe(false);

    const token = await tokenIn(mail!.raw);
    const page = await openLink(token);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('jane@example.com');
    expect(page.body).toContain('<button type="submit">Confirm subscription</button>');
    expect(await consents()).toMatchObject([
      { email: 'jane@example.com', message_id: id, confirmed_at: null },
    ]);
    expect(await marketingList()).toEqual([]);

    const done = await pressConfirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Subscription confirmed');
    const [consent] = await consents();
    const [received] = await readRows(storage, 'select received_at from messages');
    expect(consent).toMatchObject({ requested_at: received!.received_at, confirmed_at: expect.any(String) });
    expect(await marketingList()).toEqual([
      {
        email: 'jane@example.com',
        name: 'Jane <b>Doe</b>',
        language: 'en',
        unsubscribe_url: expect.stringMatching(
          /^https:\/\/www\.example\.com\/unsubscribe\?token=[^&]+&lang=en$/,
        ),
        requested_at: received!.received_at,
        confirmed_at: consent!.confirmed_at,
      },
    ]);

    expect((await pressConfirm(token)).statusCode).toBe(200);
    expect((await consents())[0]!.confirmed_at).toBe(consent!.confirmed_at);
  });

  it('forged, altered, foreign and expired tokens confirm nothing, with a clear page', async () => {
    const id = await send({ marketingConsent: true });
    const [mail] = await mailsTo('jane@example.com');
    const token = await tokenIn(mail!.raw);
    const [payload, signature] = token.split('.');
    const inAWeek = new Date(Date.now() + 7 * DAY_MS).toISOString();
    const forgedPayload = Buffer.from(`victim@example.com\n${id}\n${Date.parse(inAWeek)}`).toString(
      'base64url',
    );
    const invalid = [
      `${forgedPayload}.${signature}`,
      `${payload}.${signature!.slice(0, -2)}xx`,
      createConsentToken('jane@example.com', id, inAWeek, 'another-secret-entirely-0123456789'),
      createUnsubscribeToken('jane@example.com', SECRET),
      createConsentToken('jane@example.com', 'another-message', inAWeek, SECRET),
      'garbage',
      '',
    ];
    for (const candidate of invalid) {
      const confirmed = await pressConfirm(candidate);
      expect(confirmed.statusCode, candidate).toBe(400);
      expect(confirmed.body, candidate).toContain('This confirmation link is not valid');
    }
    for (const candidate of invalid.slice(0, 4))
      expect((await openLink(candidate)).body, candidate).toContain('This confirmation link is not valid');

    const expired = createConsentToken(
      'jane@example.com',
      id,
      new Date(Date.now() - 1000).toISOString(),
      SECRET,
    );
    for (const answer of [await openLink(expired), await pressConfirm(expired)]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain('This confirmation link has expired');
      expect(answer.body).toContain('within 7 days');
    }

    await writeRows(storage, "update marketing_consents set expires_at = '2020-01-01T00:00:00.000Z'");
    expect((await pressConfirm(token)).body).toContain('This confirmation link is not valid');
    expect((await consents())[0]!.confirmed_at).toBeNull();
    expect(await marketingList()).toEqual([]);
  });

  it('repeated submissions mail one link while it works, a new one after it expired, none once confirmed', async () => {
    for (const email of ['victim@example.com', 'Victim@Example.com', 'VICTIM@example.com'])
      await send({ email, marketingConsent: true });
    const [first, ...more] = await mailsTo('victim@example.com');
    expect(more).toEqual([]);
    expect(first!.to).toEqual(['victim@example.com']);

    await writeRows(storage, "update marketing_consents set expires_at = '2020-01-01T00:00:00.000Z'");
    const renewedFor = await send({ email: 'victim@example.com', marketingConsent: true });
    const mails = await mailsTo('victim@example.com');
    expect(mails).toHaveLength(2);
    expect(await consents()).toMatchObject([{ message_id: renewedFor, confirmed_at: null }]);
    expect((await pressConfirm(await tokenIn(first!.raw))).statusCode).toBe(400);
    expect((await pressConfirm(await tokenIn(mails[1]!.raw))).statusCode).toBe(200);

    // Confirmed long ago: the link's time is past, the consent stays.
    await writeRows(storage, "update marketing_consents set expires_at = '2020-01-01T00:00:00.000Z'");
    await send({ email: 'victim@example.com', marketingConsent: true });
    expect(await mailsTo('victim@example.com')).toHaveLength(2);
    expect(await consents()).toMatchObject([{ message_id: renewedFor, confirmed_at: expect.any(String) }]);
  });

  it('honeypot catches and opted-out addresses get no confirmation', async () => {
    await send({ email: 'bot@example.com', website: 'spam.example', marketingConsent: true });
    const optOut = await app.inject({
      method: 'POST',
      url: UNSUBSCRIBE_API_PATH,
      payload: { token: createUnsubscribeToken('gone@example.com', SECRET) },
    });
    expect(optOut.statusCode).toBe(200);
    await send({ email: 'Gone@Example.com', marketingConsent: true });
    expect(await mailsTo('bot@example.com')).toEqual([]);
    expect(await mailsTo('Gone@Example.com')).toEqual([]);
    expect(await readRows(storage, 'select kind from outbox')).toEqual([{ kind: 'notification' }]);
    expect(await consents()).toEqual([]);
  });

  it('subject-access reports the consent, unsubscribe withdraws it and erase removes it', async () => {
    for (const email of ['jane@example.com', 'omar@example.com'])
      await send({ email, marketingConsent: true });
    const [jane, omar] = await Promise.all(
      ['jane@example.com', 'omar@example.com'].map(async (email) => {
        const [mail] = await mailsTo(email);
        return tokenIn(mail!.raw);
      }),
    );
    const report = async (email: string) => JSON.parse(await cli('subject-access', '--email', email));
    expect((await report('jane@example.com')).marketingConsent).toMatchObject({ state: 'pending' });
    await pressConfirm(jane!);
    await pressConfirm(omar!);
    const confirmed = (await report('JANE@example.com')).marketingConsent;
    expect(confirmed).toMatchObject({
      email: 'jane@example.com',
      state: 'confirmed',
      requested_at: expect.any(String),
      confirmed_at: expect.any(String),
    });
    expect((await report('jane@example.com')).messages[0].id).toBe(confirmed.message_id);

    await app.inject({
      method: 'POST',
      url: UNSUBSCRIBE_API_PATH,
      payload: { token: createUnsubscribeToken('jane@example.com', SECRET) },
    });
    expect((await report('jane@example.com')).marketingConsent).toBeNull();
    expect((await pressConfirm(jane!)).statusCode).toBe(400);

    await cli('erase', '--email', 'omar@example.com');
    expect(await consents()).toEqual([]);
    expect(await marketingList()).toEqual([]);
  });
});
