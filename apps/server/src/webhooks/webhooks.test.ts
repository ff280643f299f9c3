import { adminApiPaths, apiErrorCodes, type WebhookDelivery, type WebhookEndpoint } from '@site/api-contract';
import { startTestWebhookReceiver } from '@site/testing/per-test';
import type { WebhookReceiver } from '@site/testing/webhook-receiver';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { type AdminBrowser, signedInOperator } from '../test/admin-client.js';
import { messagesInProcess } from '../test/messages-in-process.js';
import { CHROME_AGENT, navigationHeaders } from '../test/page-visits.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { queuesSettled } from '../test/settled-queues.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { buildTestApp, TEST_SITE_KEY } from '../test/test-app.js';

type Added = { endpoint: WebhookEndpoint; secret: string };

/** Each test waits on real receivers, retries and sign-ins: more than the default on a busy 2-core machine. */
const slow = { timeout: 20_000 };

const fast = {
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
  OUTBOX_POLL_MS: '50',
  WEBHOOK_RETRY_FIRST_MS: '100',
  WEBHOOK_RETRY_MAX_MS: '200',
};

/** An app, a receiver, and an operator who added an endpoint for it (the receiver verifies with its secret). */
async function withEndpoint(settings: Record<string, string> = {}, body: Record<string, unknown> = {}) {
  const receiver = await startTestWebhookReceiver();
  const { app, storage } = await buildTestApp({ ...fast, ...settings });
  const anna = await signedInOperator(app, storage, 'anna@example.com');
  const added = await addEndpoint(anna, { url: receiver.url, ...body });
  expect(added.statusCode, added.body).toBe(201);
  const { endpoint, secret } = added.json<Added>();
  receiver.secret = secret;
  return { app, storage, anna, receiver, endpoint, secret };
}

const addEndpoint = (browser: AdminBrowser, body: Record<string, unknown>) =>
  browser.post(adminApiPaths.webhooks, {
    events: ['message.received'],
    siteKeys: [],
    description: 'Our CRM',
    ...body,
  });

const messageId = (response: { json: <T>() => T }) => response.json<{ id: string }>().id;

const deliveriesOf = async (browser: AdminBrowser, query: string) => {
  const response = await browser.get(`${adminApiPaths.webhookDeliveries}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ deliveries: WebhookDelivery[] }>().deliveries;
};

const received = (receiver: WebhookReceiver, count: number) =>
  expect.poll(() => receiver.received.length, { timeout: 5000, interval: 20 }).toBeGreaterThanOrEqual(count);

describe('webhooks of new messages', slow, () => {
  it('posts message.received, signed so the standardwebhooks package verifies it, with the message, its site, language, visit source and inbox link', async () => {
    const { app, anna, receiver, endpoint, storage } = await withEndpoint({ ANALYTICS_FLUSH_MS: '20' });
    // The sender came from a campaign link: the event says where from.
    await app.inject({ url: '/?utm_source=crm-mail&utm_campaign=renewals', headers: navigationHeaders() });
    await expect
      .poll(async () => (await readRows(storage, 'select seq from analytics_views')).length)
      .toBe(1);
    const sent = await sendMessage(app, { ...validMessage, language: 'el' }, { 'user-agent': CHROME_AGENT });
    expect(sent.statusCode).toBe(201);
    await received(receiver, 1);
    const [delivery] = receiver.received;
    expect(delivery!.problem).toBeUndefined();
    expect(delivery!.verified).toBe(true);
    expect(delivery!.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.event).toEqual({
      type: 'message.received',
      version: 1,
      timestamp: expect.any(String),
      data: {
        message: {
          id: messageId(sent),
          name: validMessage.name,
          email: validMessage.email,
          subject: validMessage.subject,
          message: validMessage.message,
          marketingConsent: false,
          siteKey: TEST_SITE_KEY,
          language: 'el',
          source: 'form',
          receivedAt: expect.any(String),
          spamVerdict: 'not-spam',
          visitSource: {
            landingPage: '/',
            referrerHost: null,
            utmSource: 'crm-mail',
            utmMedium: null,
            utmCampaign: 'renewals',
            utmTerm: null,
            utmContent: null,
            language: 'en',
          },
          inboxUrl: `http://localhost/admin?message=${messageId(sent)}`,
        },
      },
    });

    // The log, per endpoint and per message: sent at the first attempt with the receiver's status.
    await expect
      .poll(async () => (await deliveriesOf(anna, `endpoint=${endpoint.id}`))[0]?.status)
      .toBe('sent');
    const [logged] = await deliveriesOf(anna, `message=${messageId(sent)}`);
    expect(logged).toMatchObject({
      webhookId: delivery!.id,
      event: 'message.received',
      attempts: 1,
      responseStatus: 204,
      lastError: null,
      endpointUrl: receiver.url,
    });
    const listed = (await anna.get(adminApiPaths.webhooks)).json<{ endpoints: WebhookEndpoint[] }>();
    expect(listed.endpoints[0]!.deliveries).toEqual({ pending: 0, sent: 1, failed: 0 });
  });

  it('sends nothing for spam, and only the events and sites an endpoint chose', async () => {
    const { app, storage, receiver } = await withEndpoint(
      { SITE_KEYS: `${TEST_SITE_KEY},partner-key` },
      {
        siteKeys: ['partner-key'],
      },
    );
    const other = await startTestWebhookReceiver();
    const anna = await signedInOperator(app, storage, 'ben@example.com');
    const replies = await addEndpoint(anna, { url: other.url, events: ['message.replied'] });
    expect(replies.statusCode).toBe(201);
    // The honeypot caught it: spam, on the partner's site, so only its being spam keeps it from the endpoint.
    await sendMessage(app, { ...validMessage, website: 'http://spam.example' }, { guid: 'partner-key' });
    await sendMessage(app); // our site's: not for the partner's endpoint
    const partner = await sendMessage(app, validMessage, { guid: 'partner-key' });
    expect(partner.statusCode, partner.body).toBe(201);
    await received(receiver, 1);
    // A webhook that should not go out would be a queued delivery: every one has gone out now.
    await queuesSettled(storage, 'webhook_deliveries');
    expect(receiver.received.map((each) => each.event?.data.message.id)).toEqual([messageId(partner)]);
    expect(other.received).toEqual([]);
    const rows = await readRows(storage, 'select count(*) as n from webhook_deliveries');
    expect(Number(rows[0]!.n)).toBe(1);
  });
});

describe('deliveries that fail', slow, () => {
  it('retries while the receiver is down and delivers once it is back, once', async () => {
    const { app, storage, anna, receiver } = await withEndpoint();
    await receiver.down();
    const sent = await sendMessage(app);
    await expect
      .poll(async () => (await deliveriesOf(anna, `message=${messageId(sent)}`))[0]?.attempts ?? 0, {
        timeout: 5000,
      })
      .toBeGreaterThanOrEqual(2);
    const [failing] = await deliveriesOf(anna, `message=${messageId(sent)}`);
    expect(failing).toMatchObject({
      status: 'pending',
      responseStatus: null,
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });
    await receiver.up();
    await received(receiver, 1);
    await expect
      .poll(async () => (await deliveriesOf(anna, `message=${messageId(sent)}`))[0]?.status)
      .toBe('sent');
    // A later message's webhook goes out in a later round of the worker, which posts the first no second time.
    const later = await sendMessage(app);
    await received(receiver, 2);
    await queuesSettled(storage, 'webhook_deliveries');
    expect(receiver.received.map((each) => each.event?.data.message.id)).toEqual([
      messageId(sent),
      messageId(later),
    ]);
    expect(receiver.unique()).toHaveLength(2);
  });

  it('is not verified with another secret: the receiver refuses it, the log shows its answer, and it is retried', async () => {
    const { app, anna, receiver } = await withEndpoint();
    receiver.secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    receiver.answer({ kind: 'status', status: 401, body: 'signature does not match' });
    const sent = await sendMessage(app);
    await received(receiver, 2);
    expect(receiver.received.every((each) => !each.verified)).toBe(true);
    expect(receiver.received[0]!.problem).toMatch(/No matching signature found/);
    // The same webhook-id on every attempt, so the receiver can dedupe.
    expect(new Set(receiver.received.map((each) => each.id)).size).toBe(1);
    const [logged] = await deliveriesOf(anna, `message=${messageId(sent)}`);
    expect(logged).toMatchObject({
      responseStatus: 401,
      responseSnippet: 'signature does not match',
      lastError: 'HTTP 401',
    });
  });

  it('gives up after WEBHOOK_RETRY_HOURS, and "send again" delivers it (audited)', async () => {
    const { app, storage, anna, receiver } = await withEndpoint({ WEBHOOK_RETRY_HOURS: '0.0003' }); // 1.08 s: two attempts at least, on a busy machine too
    receiver.answer({ kind: 'status', status: 500, body: 'x'.repeat(5000) });
    const sent = await sendMessage(app);
    await expect
      .poll(async () => (await deliveriesOf(anna, 'status=failed')).length, { timeout: 5000 })
      .toBe(1);
    const [failed] = await deliveriesOf(anna, 'status=failed');
    expect(failed!.attempts).toBeGreaterThanOrEqual(2);
    expect(failed!.responseSnippet).toHaveLength(500);
    expect(failed!.nextAttemptAt).toBeNull();
    // Each attempt the log counts reached the receiver, and none is made after it gave up (below: the
    // resend is the one post after them).
    expect(receiver.received).toHaveLength(failed!.attempts);

    receiver.answer({ kind: 'ok' });
    const resent = await anna.post(`${adminApiPaths.webhookDeliveries}/resend`, { seqs: [failed!.seq] });
    expect(resent.json()).toEqual({ queued: 1 });
    await expect
      .poll(async () => (await deliveriesOf(anna, `message=${messageId(sent)}`))[0]?.status)
      .toBe('sent');
    expect(receiver.received).toHaveLength(failed!.attempts + 1);
    expect(receiver.unique()).toHaveLength(1);
    const audit = await readRows(storage, "select target from audit_log where action = 'resend-webhook'");
    expect(audit).toEqual([{ target: messageId(sent) }]);
  });

  it('holds no worker on a receiver that never answers: it times out, and other endpoints are served meanwhile', async () => {
    const { app, storage, anna, receiver } = await withEndpoint({ WEBHOOK_TIMEOUT_MS: '1500' });
    receiver.answer({ kind: 'hang' });
    const quick = await startTestWebhookReceiver();
    const ben = await signedInOperator(app, storage, 'ben@example.com');
    quick.secret = (await addEndpoint(ben, { url: quick.url })).json<Added>().secret;
    const first = await sendMessage(app);
    await received(receiver, 1);
    const startedAt = Date.now();
    await sendMessage(app, validMessage, {}, '192.0.2.7');
    await expect.poll(() => quick.received.length, { timeout: 1000, interval: 10 }).toBe(2);
    expect(Date.now() - startedAt).toBeLessThan(1000);
    await expect
      .poll(async () => (await deliveriesOf(anna, `message=${messageId(first)}&endpoint=1`))[0]?.lastError, {
        timeout: 5000,
      })
      .toBe('No answer within 1.5 s.');
  });

  it('holds up no delivery when a receiver answers with a NUL byte (a binary or gzip body): its answer is stored without it', async () => {
    // One delivery at a time, the bad receiver's first: each next claim waits for the outcome before it.
    const {
      app,
      storage,
      anna,
      receiver: bad,
      endpoint,
    } = await withEndpoint({ WEBHOOK_DELIVERIES_AT_ONCE: '1' });
    bad.answer({ kind: 'status', status: 200, body: 'ok\u0000' });
    const good = await startTestWebhookReceiver();
    good.secret = (await addEndpoint(anna, { url: good.url })).json<Added>().secret;
    await sendMessage(app);
    await sendMessage(app, validMessage, {}, '192.0.2.7');
    await expect.poll(() => good.unique().length, { timeout: 10_000 }).toBe(2);
    await expect
      .poll(async () =>
        (await deliveriesOf(anna, `endpoint=${endpoint.id}`)).map((each) => [
          each.status,
          each.responseSnippet,
        ]),
      )
      .toEqual([
        ['sent', 'ok'],
        ['sent', 'ok'],
      ]);
    // The good receiver has both POSTs; the outcome of the last is recorded just after its answer.
    await expect
      .poll(() => readRows(storage, "select seq from webhook_deliveries where status != 'sent'"))
      .toEqual([]);
  });

  it('stops at once with a delivery in flight, which is recorded to be tried again', async () => {
    const { app, receiver, storage } = await withEndpoint({ WEBHOOK_TIMEOUT_MS: '60000' });
    receiver.answer({ kind: 'hang' });
    await sendMessage(app);
    await received(receiver, 1);
    const startedAt = Date.now();
    await app.close();
    expect(Date.now() - startedAt).toBeLessThan(2000);
    const [row] = await readRows(storage, 'select status, attempts, last_error from webhook_deliveries');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.any(String) });
  });
});

describe('what webhooks never carry', slow, () => {
  it("sends no data of a person who restricted processing, and an erased person's deliveries go with them", async () => {
    const { app, anna, receiver, storage } = await withEndpoint();
    await receiver.down();
    const sent = await sendMessage(app);
    expect((await anna.post(adminApiPaths.restrictSubject, { email: validMessage.email })).statusCode).toBe(
      200,
    );
    await receiver.up();
    await expect
      .poll(async () => (await deliveriesOf(anna, `message=${messageId(sent)}`))[0]?.lastError, {
        timeout: 5000,
      })
      .toBe('Not sent: the person restricted the processing of their data.');
    expect(receiver.received).toEqual([]);
    // Their copy of what is held names where their data would have gone.
    const access = await anna.post(adminApiPaths.subjectAccess, { email: validMessage.email });
    expect(JSON.parse(access.body).webhookDeliveries).toEqual([
      expect.objectContaining({
        message_id: messageId(sent),
        recipient: new URL(receiver.url).origin,
        recipient_description: 'Our CRM',
        status: 'failed',
      }),
    ]);
    expect((await anna.post(adminApiPaths.eraseSubject, { email: validMessage.email })).statusCode).toBe(200);
    expect(await readRows(storage, 'select seq from webhook_deliveries')).toEqual([]);
  });

  it("names a recipient in a person's copy of their data by its origin and description, never by its path or query, which are often its secret", async () => {
    const receiver = await startTestWebhookReceiver();
    const { app, storage } = await buildTestApp(fast);
    const anna = await signedInOperator(app, storage, 'anna@example.com');
    const origin = `http://127.0.0.1:${receiver.port}`;
    const added = await addEndpoint(anna, {
      url: `${origin}/catch/SECRET123?token=abc`,
      description: 'Our automation',
    });
    expect(added.statusCode, added.body).toBe(201);
    receiver.secret = added.json<Added>().secret;
    await sendMessage(app);
    await expect.poll(() => receiver.unique().length, { timeout: 5000 }).toBe(1);

    const fromInbox = await anna.post(adminApiPaths.subjectAccess, { email: validMessage.email });
    expect(fromInbox.statusCode).toBe(200);
    const fromCli = await messagesInProcess(storage, 'subject-access', '--email', validMessage.email);
    expect(fromCli.code, fromCli.err).toBe(0);
    for (const report of [fromInbox.body, fromCli.out]) {
      expect(report).not.toContain('SECRET123');
      expect(report).not.toContain('token=abc');
      expect((JSON.parse(report) as { webhookDeliveries: unknown[] }).webhookDeliveries).toEqual([
        expect.objectContaining({
          event: 'message.received',
          recipient: origin,
          recipient_description: 'Our automation',
          status: 'sent',
        }),
      ]);
    }
  });
});

describe('endpoints', slow, () => {
  it('rotates the secret: for a day both secrets verify; every change is audited; the settings endpoint is listed, not changed', async () => {
    const receiver = await startTestWebhookReceiver({ secret: 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD' });
    const {
      app,
      storage,
      anna,
      endpoint,
      secret: first,
    } = await withEndpoint({
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: receiver.secret,
    });
    const rotated = await anna.post(`${adminApiPaths.webhooks}/${endpoint.id}/rotate`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: second, endpoint: after } = rotated.json<Added>();
    expect(second).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(second).not.toBe(first);
    expect(Date.parse(after.previousSecretUntil!) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    const oldReceiver = await startTestWebhookReceiver({ secret: first });
    const newReceiver = await startTestWebhookReceiver({ secret: second });
    const changed = await anna.post(`${adminApiPaths.webhooks}/${endpoint.id}`, {
      url: oldReceiver.url,
      events: ['message.received'],
      siteKeys: [],
    });
    expect(changed.statusCode, changed.body).toBe(204);
    await sendMessage(app);
    await received(oldReceiver, 1);
    expect(oldReceiver.received[0]!.verified).toBe(true);
    expect(String(oldReceiver.received[0]!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    // The settings' endpoint heard of it too, signed with WEBHOOK_SECRET.
    await received(receiver, 1);
    expect(receiver.received[0]!.verified).toBe(true);

    await anna.post(`${adminApiPaths.webhooks}/${endpoint.id}`, {
      url: newReceiver.url,
      events: ['message.received'],
      siteKeys: [],
    });
    await sendMessage(app, validMessage, {}, '192.0.2.8');
    await received(newReceiver, 1);
    expect(newReceiver.received[0]!.verified).toBe(true);

    const listed = (await anna.get(adminApiPaths.webhooks)).json<{ endpoints: WebhookEndpoint[] }>()
      .endpoints;
    const fromSettings = listed.find((each) => each.fromSettings)!;
    expect(fromSettings).toMatchObject({
      url: receiver.url,
      events: ['message.received', 'message.replied'],
    });
    expect(JSON.stringify(listed)).not.toContain('whsec_');
    const refused = await anna.post(`${adminApiPaths.webhooks}/${fromSettings.id}/delete`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: apiErrorCodes.endpointFromSettings });

    expect((await anna.post(`${adminApiPaths.webhooks}/${endpoint.id}/delete`)).statusCode).toBe(204);
    const audit = await readRows(
      storage,
      "select action, target from audit_log where target like 'webhook:%' order by seq",
    );
    expect(audit).toEqual(
      [
        'add-webhook-endpoint',
        'rotate-webhook-secret',
        'change-webhook-endpoint',
        'change-webhook-endpoint',
        'remove-webhook-endpoint',
      ].map((action) => ({ action, target: `webhook:${endpoint.id}` })),
    );
  });

  it('forgets the secret before a rotation once its day is over, without a restart', async () => {
    const { storage, anna, endpoint } = await withEndpoint();
    expect((await anna.post(`${adminApiPaths.webhooks}/${endpoint.id}/rotate`)).statusCode).toBe(200);
    const secrets = () =>
      readRows(storage, 'select previous_secret, previous_secret_until from webhook_endpoints');
    expect(await secrets()).toEqual([
      { previous_secret: expect.stringMatching(/^whsec_/), previous_secret_until: expect.any(String) },
    ]);
    // A day and an hour later.
    onTestFinished(() => {
      vi.useRealTimers();
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 3_600_000);
    await expect
      .poll(secrets, { timeout: 5000 })
      .toEqual([{ previous_secret: null, previous_secret_until: null }]);
    vi.useRealTimers();
    const listed = (await anna.get(adminApiPaths.webhooks)).json<{ endpoints: WebhookEndpoint[] }>();
    expect(listed.endpoints[0]!.previousSecretUntil).toBeNull();
  });

  it('has one endpoint from the settings however many instances write it at once, gone when WEBHOOK_URL is unset', async () => {
    const secret = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';
    const settings = { WEBHOOK_URL: 'https://crm.example.com/hook', WEBHOOK_SECRET: secret };
    const { storage } = await buildTestApp(settings);
    await Promise.all([1, 2, 3].map(() => buildTestApp(settings, undefined, {}, storage)));
    const rows = () => readRows(storage, 'select url, from_settings from webhook_endpoints');
    expect(await rows()).toEqual([{ url: 'https://crm.example.com/hook', from_settings: 1 }]);
    await buildTestApp({}, undefined, {}, storage);
    expect(await rows()).toEqual([]);
  });

  it('posts message.replied once the reply has gone to the visitor, woken by it without waiting for a poll', async () => {
    // The workers poll once a minute: the reply's mail and its webhook go out only because they are woken.
    const { app, anna, receiver, storage } = await withEndpoint(
      { OUTBOX_POLL_MS: '60000' },
      { events: ['message.replied'] },
    );
    const sent = await sendMessage(app);
    const replied = await anna.post(`${adminApiPaths.messages}/${messageId(sent)}/replies`, {
      text: 'Dear Jane,\nthank you.',
      basedOn: 0,
    });
    expect(replied.statusCode, replied.body).toBe(201);
    await received(receiver, 1);
    expect(receiver.received[0]!.event).toMatchObject({
      type: 'message.replied',
      data: {
        message: { id: messageId(sent), email: validMessage.email },
        reply: { text: 'Dear Jane,\nthank you.', fromName: expect.stringContaining('Test Company') },
      },
    });
    const rows = await readRows(storage, 'select event from webhook_deliveries');
    expect(rows).toEqual([{ event: 'message.replied' }]);
  });
});

describe('requests the server must not make (SSRF)', slow, () => {
  const refusedUrls = [
    'http://127.0.0.1:8080/hook',
    'http://10.0.0.5/hook',
    'http://172.20.1.1/hook',
    'http://192.168.1.10/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[fd00:ec2::254]/hook',
    'http://0.0.0.0/hook',
    'http://localhost:3000/hook',
  ];

  it('refuses endpoints at private, loopback, link-local and metadata addresses, and names that resolve to them', async () => {
    const { app, storage } = await buildTestApp();
    const anna = await signedInOperator(app, storage, 'anna@example.com');
    for (const url of refusedUrls) {
      const response = await addEndpoint(anna, { url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        error: apiErrorCodes.webhookUrlRefused,
        message: expect.stringMatching(/private, loopback or link-local address/),
      });
    }
    const withPassword = await addEndpoint(anna, { url: 'https://user:pw@crm.example.com/hook' });
    expect(withPassword.json().message).toMatch(/user name and password/);
    expect(await readRows(storage, 'select id from webhook_endpoints')).toEqual([]);
  });

  it('takes only https in production', async () => {
    const { app, storage } = await buildTestApp({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40) });
    const anna = await signedInOperator(app, storage, 'anna@example.com');
    const response = await addEndpoint(anna, { url: 'http://93.184.215.14/hook' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Only https addresses take webhooks in production/);
  });

  it('refuses at delivery time a name that has come to resolve to a private address (DNS rebinding)', async () => {
    const receiver = await startTestWebhookReceiver();
    const { app, storage } = await buildTestApp({ ...fast, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' });
    // Saved while the names pointed elsewhere: written directly, as the check at saving time passed then.
    for (const url of [`http://localhost:${receiver.port}/hook`, `http://127.0.0.1:${receiver.port}/hook`])
      await writeRows(
        storage,
        'insert into webhook_endpoints (url, description, events, site_keys, secret, created_at) values (?, ?, ?, ?, ?, ?)',
        url,
        '',
        'message.received',
        '[]',
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        new Date().toISOString(),
      );
    const anna = await signedInOperator(app, storage, 'anna@example.com');
    await sendMessage(app);
    await expect
      .poll(async () => (await deliveriesOf(anna, '')).map((each) => each.lastError).sort(), {
        timeout: 5000,
      })
      .toEqual([
        '127.0.0.1 is a private, loopback or link-local address: not sent.',
        expect.stringMatching(
          /^localhost resolves to (127\.0\.0\.1|::1), a private, loopback or link-local address/,
        ),
      ]);
    expect(receiver.received).toEqual([]);
  });

  it('follows no redirect', async () => {
    const { app, anna, receiver } = await withEndpoint();
    const target = await startTestWebhookReceiver();
    receiver.answer({ kind: 'redirect', location: target.url });
    const sent = await sendMessage(app);
    await expect
      .poll(async () => (await deliveriesOf(anna, `message=${messageId(sent)}`))[0]?.lastError, {
        timeout: 5000,
      })
      .toBe('HTTP 307: redirects are not followed.');
    expect(target.received).toEqual([]);
  });
});

describe('the command line', slow, () => {
  it('lists endpoints and deliveries and sends failed ones again, audited as the command line', async () => {
    const { app, storage, receiver, endpoint } = await withEndpoint({ WEBHOOK_RETRY_HOURS: '0.00005' });
    receiver.answer({ kind: 'status', status: 503, body: 'busy' });
    const sent = await sendMessage(app);
    const cli = (...argv: string[]) => messagesInProcess(storage, ...argv);
    await expect
      .poll(async () => (await cli('webhook-log', '--status', 'failed')).out, { timeout: 5000 })
      .toMatch(
        new RegExp(
          `message.received  ${messageId(sent)}  endpoint ${endpoint.id}  failed  attempts \\d+  HTTP 503  HTTP 503$`,
        ),
      );
    const listed = await cli('webhooks');
    expect(listed.out).toBe(
      `${endpoint.id}  ${receiver.url}  message.received  every site  pending 0  sent 0  failed 1`,
    );
    expect(listed.out + listed.err).not.toContain('whsec_');

    receiver.answer({ kind: 'ok' });
    const resent = await cli('webhook-resend', '--failed');
    expect(resent).toMatchObject({ code: 0, out: '1 delivery(ies) queued again' });
    await received(receiver, 1);
    await expect.poll(() => receiver.unique().length, { timeout: 5000 }).toBe(1);
    expect((await cli('webhook-resend', '999')).code).toBe(1);
    expect((await cli('webhook-log', '--status', 'lost')).code).toBe(2);
    const audit = await readRows(
      storage,
      "select via, target from audit_log where action = 'resend-webhook'",
    );
    expect(audit).toEqual([{ via: 'cli', target: messageId(sent) }]);
  });
});
