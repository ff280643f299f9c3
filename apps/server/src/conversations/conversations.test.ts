import { startTestSmtpSink } from '@site/testing/per-test';
import { adminApiPaths, apiErrorCodes } from '@site/api-contract';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { type AdminBrowser, signedInOperator } from '../test/admin-client.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { queuesSettled } from '../test/settled-queues.js';
import { readRows } from '../test/stored-rows.js';
import { buildTestApp } from '../test/test-app.js';
import type { TestStorage } from '../test/test-storage.js';

const messagePath = (id: string) => `${adminApiPaths.messages}/${id}`;
type Reply = { seq: number; status: string; text: string; lastError: string | null; by: { email: string } };
type Opened = {
  message: { status: string };
  thread: {
    replies: Reply[];
    notes: { text: string; by: { email: string } }[];
    assignee: { email: string } | null;
  };
};

/** An app whose mail goes to a real SMTP sink, a visitor's message, and two signed-in operators. */
async function conversation(settings: Record<string, string> = {}) {
  const smtp = await startTestSmtpSink();
  const { app, storage } = await buildTestApp({ SMTP_URL: smtp.url, ...settings });
  const sent = await sendMessage(app, { ...validMessage, message: 'Hello there,\nhow much is the CRM?' });
  const id = sent.json<{ id: string }>().id;
  await smtp.waitForMails(1); // the company's notification
  const anna = await signedInOperator(app, storage, 'anna@example.com');
  const ben = await signedInOperator(app, storage, 'ben@example.com');
  expect((await anna.post(adminApiPaths.operatorName, { name: 'Anna' })).statusCode).toBe(204);
  return { app, storage, smtp, id, anna, ben };
}

const open = async (browser: AdminBrowser, id: string) => {
  const response = await browser.get(messagePath(id));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Opened>();
};

/** The mails the visitor received, once there are `count` of them. */
async function visitorMails(smtp: Awaited<ReturnType<typeof startTestSmtpSink>>, count: number) {
  const theirs = () => smtp.mails.filter((mail) => mail.to.includes('jane@example.com'));
  await expect.poll(() => theirs().length, { timeout: 5000, interval: 20 }).toBeGreaterThanOrEqual(count);
  return theirs();
}

const until = (check: () => Promise<boolean>) =>
  expect.poll(check, { timeout: 5000, interval: 20 }).toBe(true);

describe('answering a visitor from the inbox', () => {
  it('sends the reply through the outbox from the operator at the company, threaded and quoting the visitor', async () => {
    const { smtp, id, anna, ben } = await conversation();
    const first = await anna.post(`${messagePath(id)}/replies`, {
      text: 'Dear Jane,\nit is 20 a month.',
      basedOn: 0,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<{ reply: Reply }>().reply).toMatchObject({
      status: 'pending',
      by: { email: 'anna@example.com' },
    });
    expect((await open(anna, id)).message.status).toBe('answered');

    const [mail] = await visitorMails(smtp, 1);
    expect(mail!.to).toEqual(['jane@example.com']);
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.from?.value).toEqual([{ name: 'Anna at Test Company', address: 'support@test.example' }]);
    expect(parsed.subject).toBe('Re: Pricing');
    expect(parsed.text).toContain('Dear Jane,\nit is 20 a month.');
    expect(parsed.text).toMatch(
      /^On \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} UTC, Jane Doe <jane@example\.com> wrote:\n> Hello there,\n> how much is the CRM\?$/m,
    );
    expect(parsed.messageId).toMatch(new RegExp(`^<reply-${id}\\.[0-9a-f]{12}@test\\.example>$`));
    expect(parsed.inReplyTo).toBe(`<message-${id}@test.example>`);
    const token = /^support\+([0-9a-f]{32})\.[0-9a-f]{12}@test\.example$/.exec(
      parsed.replyTo!.value[0]!.address!,
    );
    expect(token?.[1]).toBe(id.replaceAll('-', ''));
    await until(async () => (await open(anna, id)).thread.replies[0]?.status === 'sent');

    // Ben has no name yet: the mail says his address's name. His reply threads after Anna's.
    const second = await ben.post(`${messagePath(id)}/replies`, {
      text: 'And SMS is 10.',
      basedOn: first.json<{ reply: Reply }>().reply.seq,
    });
    expect(second.statusCode, second.body).toBe(201);
    const [, next] = await visitorMails(smtp, 2);
    const parsedNext = await simpleParser(next!.raw);
    expect(parsedNext.from?.value[0]?.name).toBe('ben at Test Company');
    expect(parsedNext.inReplyTo).toBe(parsed.messageId);
    expect(parsedNext.references).toEqual([`<message-${id}@test.example>`, parsed.messageId]);
    expect(parsedNext.replyTo?.value[0]?.address).toBe(parsed.replyTo?.value[0]?.address);
  });

  it('refuses a reply when someone else answered after it was opened, and sends it once the reply was seen', async () => {
    const { smtp, id, anna, ben } = await conversation();
    const annas = await anna.post(`${messagePath(id)}/replies`, { text: 'It is 20 a month.', basedOn: 0 });
    expect(annas.statusCode).toBe(201);
    const refused = await ben.post(`${messagePath(id)}/replies`, { text: 'It is 25 a month.', basedOn: 0 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: apiErrorCodes.conversationChanged,
      message: 'Anna answered this message after you opened it. Your reply was not sent: read theirs first.',
      reply: { text: 'It is 20 a month.', by: { email: 'anna@example.com', name: 'Anna' } },
    });
    await visitorMails(smtp, 1);
    // Anna may add to her own answer; Ben, having read it, may too.
    expect(
      (await anna.post(`${messagePath(id)}/replies`, { text: 'Plus VAT.', basedOn: 0 })).statusCode,
    ).toBe(201);
    const seen = (await open(ben, id)).thread.replies.at(-1)!.seq;
    expect(
      (await ben.post(`${messagePath(id)}/replies`, { text: 'Welcome!', basedOn: seen })).statusCode,
    ).toBe(201);
    const mails = await visitorMails(smtp, 3);
    expect(mails.filter((mail) => mail.raw.includes('25 a month'))).toEqual([]);
  });

  it('shows a failed reply with its error and sends it again when asked', async () => {
    const { smtp, id, anna } = await conversation({ OUTBOX_MAX_ATTEMPTS: '1' });
    smtp.refused.add('jane@example.com');
    await anna.post(`${messagePath(id)}/replies`, { text: 'It is 20 a month.', basedOn: 0 });
    await until(async () => (await open(anna, id)).thread.replies[0]?.status === 'failed');
    expect((await open(anna, id)).thread.replies[0]?.lastError).toMatch(/Mailbox unavailable/);
    smtp.refused.delete('jane@example.com');
    const seq = (await open(anna, id)).thread.replies[0]!.seq;
    expect((await anna.post(`${messagePath(id)}/replies/${seq}/retry`)).statusCode).toBe(204);
    await until(async () => (await open(anna, id)).thread.replies[0]?.status === 'sent');
    expect(smtp.mails.filter((mail) => mail.to.includes('jane@example.com'))).toHaveLength(1);
    expect((await anna.post(`${messagePath(id)}/replies/${seq}/retry`)).statusCode).toBe(404);
  });

  it('keeps notes inside the company, assigns messages and lists "mine"', async () => {
    const { smtp, id, anna, ben, storage } = await conversation();
    const noted = await ben.post(`${messagePath(id)}/notes`, {
      text: 'Existing customer: check the contract.',
    });
    expect(noted.statusCode, noted.body).toBe(201);
    expect((await open(anna, id)).thread.notes).toMatchObject([
      { text: 'Existing customer: check the contract.', by: { email: 'ben@example.com' } },
    ]);
    expect((await anna.post(`${messagePath(id)}/assign`, { operator: 'ben@example.com' })).statusCode).toBe(
      204,
    );
    expect((await open(anna, id)).thread.assignee).toEqual({ email: 'ben@example.com', name: null });
    const mine = async (browser: AdminBrowser) =>
      (await browser.get(`${adminApiPaths.messages}?mine=true`)).json<{ messages: { id: string }[] }>()
        .messages;
    expect((await mine(ben)).map((message) => message.id)).toEqual([id]);
    expect(await mine(anna)).toEqual([]);
    expect(
      (await anna.post(`${messagePath(id)}/assign`, { operator: 'nobody@example.com' })).statusCode,
    ).toBe(404);
    expect((await anna.post(`${messagePath(id)}/assign`, { operator: null })).statusCode).toBe(204);
    expect(await mine(ben)).toEqual([]);
    // A note or an assignment that mailed the visitor would be a queued mail: every one has gone out now.
    await queuesSettled(storage, 'outbox', 'replies', 'operator_mails');
    expect(smtp.mails.filter((mail) => mail.to.includes('jane@example.com'))).toEqual([]);
    const audit = readRows(
      storage,
      'select action from audit_log where target like ? order by seq',
      `${id}%`,
    );
    expect((await audit).map((row) => row.action)).toEqual(
      expect.arrayContaining(['add-note', 'assign', 'unassign', 'open-message']),
    );
  });

  it('tells each operator who else has the message open or is writing a reply', async () => {
    const { id, anna, ben } = await conversation();
    const present = async (browser: AdminBrowser, activity: string) => {
      const response = await browser.post(`${messagePath(id)}/presence`, { activity });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ others: { by: { email: string }; activity: string }[] }>().others;
    };
    expect(await present(anna, 'viewing')).toEqual([]);
    expect(await present(ben, 'replying')).toEqual([
      { by: { email: 'anna@example.com', name: 'Anna' }, activity: 'viewing' },
    ]);
    expect(await present(anna, 'viewing')).toEqual([
      { by: { email: 'ben@example.com', name: null }, activity: 'replying' },
    ]);
    expect((await anna.post(`${messagePath(id)}/presence`, { activity: 'sleeping' })).statusCode).toBe(400);
    // The thread's version changes with what the inbox must show again: a note, a reply's state.
    const version = async () =>
      (await anna.get(`${messagePath(id)}/version`)).json<{ threadVersion: string }>().threadVersion;
    const before = await version();
    expect(await version()).toBe(before);
    await ben.post(`${messagePath(id)}/notes`, { text: 'Seen.' });
    const noted = await version();
    expect(noted).not.toBe(before);
    await ben.post(`${messagePath(id)}/replies`, { text: 'Hello.', basedOn: 0 });
    await expect.poll(version).not.toBe(noted);
    expect(
      (await anna.get(`${messagePath('01a20000-0000-7000-8000-000000000000')}/version`)).statusCode,
    ).toBe(404);
  });

  it('answers bad input with a clear 4xx and stores nothing', async () => {
    const { id, anna, storage } = await conversation();
    const missing = '01a20000-0000-7000-8000-000000000000';
    for (const [url, body, status] of [
      [`${messagePath(id)}/replies`, { text: '   ', basedOn: 0 }, 400],
      [`${messagePath(id)}/replies`, { text: 'x'.repeat(20_001), basedOn: 0 }, 400],
      [`${messagePath(id)}/replies`, { text: 'Hi' }, 400],
      [`${messagePath(missing)}/replies`, { text: 'Hi', basedOn: 0 }, 404],
      [`${messagePath(missing)}/notes`, { text: 'Hi' }, 404],
      [`${messagePath(missing)}/presence`, { activity: 'viewing' }, 404],
      [`${messagePath(id)}/notes`, { text: '' }, 400],
    ] as const) {
      const response = await anna.post(url, body);
      expect(response.statusCode, `${url} ${response.body}`).toBe(status);
      expect(response.json().error).toEqual(expect.any(String));
    }
    expect(await readRows(storage, 'select seq from replies union all select seq from notes')).toEqual([]);
  });

  it('refuses to answer a person who restricted the processing of their data', async () => {
    const { id, anna } = await conversation();
    const restricted = await anna.post(adminApiPaths.restrictSubject, { email: 'jane@example.com' });
    expect(restricted.statusCode, restricted.body).toBe(200);
    const refused = await anna.post(`${messagePath(id)}/replies`, { text: 'Hi', basedOn: 0 });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toBe(apiErrorCodes.processingRestricted);
  });
  it('lets exactly one of two replies sent at the same moment through', async () => {
    const { smtp, id, anna, ben, storage } = await conversation();
    const answers = await Promise.all(
      [anna, ben].map((browser) =>
        browser.post(`${messagePath(id)}/replies`, { text: 'Our answer.', basedOn: 0 }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    await visitorMails(smtp, 1);
    // The refused one, had it been stored, would have gone out by the time no reply is pending.
    await queuesSettled(storage, 'replies');
    expect(await visitorMails(smtp, 1)).toHaveLength(1);
  });
});

describe('saved replies', () => {
  it('are kept by name, changed and deleted, and a name is used once', async () => {
    const { anna, ben } = await conversation();
    const list = async (browser: AdminBrowser) =>
      (await browser.get(adminApiPaths.savedReplies)).json<{
        savedReplies: { seq: number; name: string; text: string }[];
      }>().savedReplies;
    const added = await anna.post(adminApiPaths.savedReplies, {
      name: 'Prices',
      text: 'Our prices are on the site.',
    });
    expect(added.statusCode, added.body).toBe(201);
    const { seq } = added.json<{ savedReply: { seq: number } }>().savedReply;
    expect(
      (await anna.post(adminApiPaths.savedReplies, { name: 'Prices', text: 'Other' })).json().error,
    ).toBe(apiErrorCodes.nameTaken);
    await ben.post(adminApiPaths.savedReplies, { name: 'Demo', text: 'Book a demo.' });
    expect(await list(anna)).toEqual([
      { seq: expect.any(Number), name: 'Demo', text: 'Book a demo.' },
      { seq, name: 'Prices', text: 'Our prices are on the site.' },
    ]);
    expect(
      (await ben.post(`${adminApiPaths.savedReplies}/${seq}`, { name: 'Pricing', text: 'See the site.' }))
        .statusCode,
    ).toBe(204);
    expect(
      (await ben.post(`${adminApiPaths.savedReplies}/${seq}`, { name: 'Demo', text: 'x' })).statusCode,
    ).toBe(409);
    expect((await anna.post(`${adminApiPaths.savedReplies}/${seq}/delete`)).statusCode).toBe(204);
    expect((await anna.post(`${adminApiPaths.savedReplies}/${seq}/delete`)).statusCode).toBe(404);
    expect((await list(ben)).map((saved) => saved.name)).toEqual(['Demo']);
  });
});

describe('a conversation and the GDPR', () => {
  it("gives the replies and notes in the subject's access export and erases them with the message", async () => {
    const { id, anna, smtp, storage } = await conversation();
    await anna.post(`${messagePath(id)}/replies`, { text: 'It is 20 a month.', basedOn: 0 });
    await anna.post(`${messagePath(id)}/notes`, { text: 'Call back on Monday.' });
    await visitorMails(smtp, 1);
    const access = await anna.post(adminApiPaths.subjectAccess, { email: 'jane@example.com' });
    expect(access.statusCode, access.body).toBe(200);
    expect(access.json()).toMatchObject({
      replies: [{ message_id: id, body: 'It is 20 a month.', from_name: 'Anna at Test Company' }],
      notes: [{ message_id: id, body: 'Call back on Monday.' }],
    });
    expect((await anna.post(adminApiPaths.eraseSubject, { email: 'jane@example.com' })).statusCode).toBe(200);
    for (const table of ['replies', 'notes', 'presence'])
      expect(await readRows(storage as TestStorage, `select * from ${table}`), table).toEqual([]);
  });
});
