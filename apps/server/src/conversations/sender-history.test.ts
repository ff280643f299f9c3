import {
  adminApiPaths,
  adminEndpoints,
  adminPath,
  apiErrorCodes,
  type SenderHistory,
} from '@site/api-contract';
import { describe, expect, it } from 'vitest';
import { signedInOperator } from '../test/admin-client.js';
import { messagePath } from '../test/mail-conversation.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { readRows } from '../test/stored-rows.js';
import { buildTestApp } from '../test/test-app.js';

const historyPath = (id: string) => adminPath(adminEndpoints.senderHistory, { id });

async function withMessages() {
  const { app, storage } = await buildTestApp({
    CONTACT_RATE_PER_MINUTE: '100',
    CONTACT_RATE_PER_DAY: '1000',
  });
  const send = async (email: string, subject: string, more: Record<string, unknown> = {}) => {
    const response = await sendMessage(app, { ...validMessage, email, subject, ...more });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const anna = await signedInOperator(app, storage, 'anna@example.com');
  return { app, storage, send, anna };
}

const historyOf = async (anna: Awaited<ReturnType<typeof withMessages>>['anna'], id: string) => {
  const response = await anna.get(historyPath(id));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SenderHistory>();
};

describe("the sender's history beside a message", () => {
  it('lists the address’s earlier conversations and its colleagues’ at the company domain, with who answered', async () => {
    const { storage, send, anna } = await withMessages();
    const first = await send('jane@acme.example', 'Pricing');
    const colleague = await send('ben@acme.example', 'Support plan');
    await send('someone@other.example', 'Elsewhere');
    await send('jane@acme.example', 'SEO', { website: 'https://seo.example' });
    const second = await send('jane@acme.example', 'Contract');
    const sent = await anna.post(`${messagePath(first)}/replies`, { text: 'It is 20 a month.', basedOn: 0 });
    expect(sent.statusCode, sent.body).toBe(201);
    await expect
      .poll(async () => readRows(storage, 'select status from replies'), { timeout: 5000 })
      .toEqual([{ status: 'sent' }]);
    const current = await send('jane@acme.example', 'Follow-up');
    await send('jane@acme.example', 'Later, not earlier');

    const history = await historyOf(anna, current);
    expect(history.address).toEqual([
      expect.objectContaining({ id: second, subject: 'Contract', status: 'new', answeredBy: [] }),
      expect.objectContaining({
        id: first,
        email: 'jane@acme.example',
        subject: 'Pricing',
        status: 'answered',
        answeredBy: [{ email: 'anna@example.com', name: null }],
      }),
    ]);
    expect(history.domain).toEqual({
      name: 'acme.example',
      conversations: [
        expect.objectContaining({ id: colleague, email: 'ben@acme.example', subject: 'Support plan' }),
      ],
    });
    expect(Date.parse(history.address[0]!.receivedAt)).toBeGreaterThan(0);
    // The spam the address sent is no conversation; the audit log names the message read, not the person.
    expect(history.address.map((item) => item.subject)).not.toContain('SEO');
    const audited = await readRows(
      storage,
      "select action, target from audit_log where action = 'sender-history-read'",
    );
    expect(audited).toEqual([{ action: 'sender-history-read', target: current }]);
  });

  it('shows no company for a public mail provider: gmail.com addresses share nothing but the provider', async () => {
    const { send, anna } = await withMessages();
    const earlier = await send('maria@gmail.com', 'Pricing');
    await send('nikos@gmail.com', 'Quote');
    await send('sofia@outlook.com', 'Quote');
    const current = await send('maria@gmail.com', 'Again');
    const history = await historyOf(anna, current);
    expect(history.domain).toBeNull();
    expect(history.address.map((item) => item.id)).toEqual([earlier]);
  });

  it('is refused for a restricted person, and 404 for a message that does not exist', async () => {
    const { send, anna } = await withMessages();
    const id = await send('jane@acme.example', 'Pricing');
    expect((await anna.post(adminApiPaths.restrictSubject, { email: 'jane@acme.example' })).statusCode).toBe(
      200,
    );
    const refused = await anna.get(historyPath(id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: apiErrorCodes.processingRestricted });
    const missing = await anna.get(historyPath('01234567-89ab-7def-8123-456789abcdef'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: apiErrorCodes.notFound });
  });

  it('lists a restricted colleague’s conversation without its subject', async () => {
    const { send, anna } = await withMessages();
    await send('ben@acme.example', 'Secret plans');
    const current = await send('jane@acme.example', 'Pricing');
    expect((await anna.post(adminApiPaths.restrictSubject, { email: 'ben@acme.example' })).statusCode).toBe(
      200,
    );
    const history = await historyOf(anna, current);
    expect(history.domain?.conversations).toEqual([expect.objectContaining({ subject: null })]);
  });
});
