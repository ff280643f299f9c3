import { prerenderedFile } from '@site/testing/pages';
import { describe, expect, it } from 'vitest';
import { messagesInProcess } from '../test/messages-in-process.js';
import { CHROME_AGENT, navigationHeaders, PHONE_AGENT } from '../test/page-visits.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { readRows } from '../test/stored-rows.js';
import { buildTestApp, writeTestSite } from '../test/test-app.js';

const VISITOR_IP = '203.0.113.50';

describe('each lead carries its source', () => {
  it('joins a message to the visit it came from, shows it, exports it, and erases it with the message', async () => {
    const { app, storage } = await buildTestApp(
      { TRUST_PROXY: '127.0.0.1', ANALYTICS_FLUSH_MS: '20', CONTACT_RATE_PER_MINUTE: '100' },
      writeTestSite({
        [prerenderedFile('/el/contact')]: '<h1>Επικοινωνία</h1>',
        [prerenderedFile('/pricing')]: '<h1>Pricing</h1>',
      }),
    );
    const person = { 'x-forwarded-for': VISITOR_IP, ...navigationHeaders(CHROME_AGENT) };
    // Lands from a campaign link on LinkedIn, reads another page, then writes.
    await app.inject({
      url: '/el/contact?utm_source=linkedin&utm_medium=social&utm_campaign=q4-crm',
      headers: { ...person, referer: 'https://www.linkedin.com/' },
    });
    await app.inject({ url: '/pricing', headers: { ...person, referer: 'http://localhost/el/contact' } });
    await expect
      .poll(async () => (await readRows(storage, 'select seq from analytics_views')).length)
      .toBe(2);
    const sent = await sendMessage(
      app,
      { ...validMessage, email: 'lead@example.com' },
      {
        'user-agent': CHROME_AGENT,
        'x-forwarded-for': VISITOR_IP,
      },
    );
    expect(sent.statusCode).toBe(201);
    // Another sender, from a browser that viewed nothing today.
    const stranger = await sendMessage(
      app,
      { ...validMessage, email: 'stranger@example.com' },
      {
        'user-agent': PHONE_AGENT,
        'x-forwarded-for': VISITOR_IP,
      },
    );
    expect(stranger.statusCode).toBe(201);
    await app.close();

    // `show` prints the stored fields.
    const source = {
      visit_landing_path: '/el/contact',
      visit_referrer_host: 'www.linkedin.com',
      visit_utm_source: 'linkedin',
      visit_utm_medium: 'social',
      visit_utm_campaign: 'q4-crm',
      visit_utm_term: null,
      visit_utm_content: null,
      visit_language: 'el',
    };
    const id = (sent.json() as { id: string }).id;
    const shown = await messagesInProcess(storage, 'show', id);
    expect(JSON.parse(shown.out)).toMatchObject({ email: 'lead@example.com', ...source });
    const strangerShown = await messagesInProcess(storage, 'show', (stranger.json() as { id: string }).id);
    expect(JSON.parse(strangerShown.out)).toMatchObject({ visit_landing_path: null, visit_utm_source: null });

    const exported = await messagesInProcess(storage, 'export', '--format', 'json');
    expect(JSON.parse(exported.out)).toContainEqual(
      expect.objectContaining({
        email: 'lead@example.com',
        visit_landing_path: '/el/contact',
        visit_referrer_host: 'www.linkedin.com',
        visit_utm_campaign: 'q4-crm',
        visit_language: 'el',
      }),
    );
    const csv = await messagesInProcess(storage, 'export', '--format', 'csv');
    expect(csv.out.split('\n')[0]).toContain('"visit_landing_path","visit_referrer_host","visit_utm_source"');

    expect((await messagesInProcess(storage, 'erase', '--email', 'lead@example.com')).code).toBe(0);
    expect(await readRows(storage, "select id from messages where visit_utm_campaign = 'q4-crm'")).toEqual(
      [],
    );
    expect(await readRows(storage, 'select visit_landing_path from messages')).toEqual([
      { visit_landing_path: null },
    ]);
  });
});
