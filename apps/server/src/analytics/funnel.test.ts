import { FORM_STARTED_PATH } from '@site/api-contract';
import { prerenderedFile } from '@site/testing/pages';
import { describe, expect, it } from 'vitest';
import { messagesInProcess } from '../test/messages-in-process.js';
import { CHROME_AGENT, navigationHeaders, PHONE_AGENT } from '../test/page-visits.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { readRows } from '../test/stored-rows.js';
import { buildTestApp, writeTestSite } from '../test/test-app.js';
import type { AnalyticsReport } from '@site/api-contract';

describe('the funnel: visitors, contact page viewed, form started, sent', () => {
  it('counts form starts of people who viewed pages, and sent as exactly the form messages stored as not spam', async () => {
    const { app, storage } = await buildTestApp(
      { TRUST_PROXY: '127.0.0.1', CONTACT_RATE_PER_MINUTE: '100' },
      writeTestSite({ [prerenderedFile('/contact')]: '<h1>Contact</h1>' }),
    );
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    const request = (ip: string, path: string, headers: Record<string, string>, method = 'GET') =>
      fetch(`${origin}${path}`, { method, headers: { 'x-forwarded-for': ip, ...headers } });
    const beacon = (ip: string, agent: string) =>
      request(ip, FORM_STARTED_PATH, { 'user-agent': agent, 'sec-fetch-mode': 'no-cors' }, 'POST');

    // Three people see the home page, two the contact page; both start the form (one twice).
    await request('198.51.100.1', '/', navigationHeaders());
    await request('198.51.100.1', '/contact', navigationHeaders());
    await request('198.51.100.2', '/contact', navigationHeaders(PHONE_AGENT));
    await request('198.51.100.3', '/', navigationHeaders());
    expect((await beacon('198.51.100.1', CHROME_AGENT)).status).toBe(204);
    expect((await beacon('198.51.100.1', CHROME_AGENT)).status).toBe(204);
    expect((await beacon('198.51.100.2', PHONE_AGENT)).status).toBe(204);
    // A beacon from a client that viewed no page, and one from a bot, count for nothing.
    expect((await beacon('198.51.100.9', CHROME_AGENT)).status).toBe(204);
    expect((await beacon('198.51.100.1', 'curl/8.5.0')).status).toBe(204);

    // Four messages: two kept, one caught by the honeypot, one an operator marks spam.
    for (const email of ['ann@example.com', 'bob@example.com', 'cy@example.com'])
      expect((await sendMessage(app, { ...validMessage, email })).statusCode).toBe(201);
    expect((await sendMessage(app, { ...validMessage, website: 'https://x.example' })).statusCode).toBe(201);
    await app.close();
    const [marked] = await readRows(storage, "select id from messages where email = 'cy@example.com'");
    expect((await messagesInProcess(storage, 'spam', String(marked?.id))).code).toBe(0);

    const cli = await messagesInProcess(storage, 'analytics', '--json');
    const { funnel } = (JSON.parse(cli.out) as AnalyticsReport).current;
    const [notSpam] = await readRows(
      storage,
      "select count(*) as n from messages where spam = 0 and source = 'form'",
    );
    expect(Number(notSpam?.n)).toBe(2);
    expect(funnel).toEqual({ visitors: 3, contactViewed: 2, formStarted: 2, sent: 2 });
    // Nothing the visitor typed, and no address or agent, is in the table of forms started.
    const starts = await readRows(storage, 'select * from analytics_form_starts');
    expect(starts).toHaveLength(3);
    expect(JSON.stringify(starts)).not.toMatch(/198\.51|Chrome|iPhone/);
  });
});
