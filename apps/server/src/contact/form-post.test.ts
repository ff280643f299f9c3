import { Writable } from 'node:stream';
import { CONTACT_PAGE_PATH, formFieldNames, MESSAGE_SENT_PATH } from '@site/api-contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readRows, writeRows } from '../test/stored-rows.js';
import type { TestStorage } from '../test/test-storage.js';
import { postContactForm } from '../test/send-message.js';
import { buildTestApp, TEST_SITE_KEY } from '../test/test-app.js';

let app: FastifyInstance;
let storage: TestStorage;

async function start(settings: Record<string, string> = {}, logLines?: string[]) {
  const logger = logLines && {
    level: 'trace',
    stream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  };
  ({ app, storage } = await buildTestApp(
    { CONTACT_RATE_PER_MINUTE: '100', CONTACT_RATE_PER_DAY: '1000', ...settings },
    undefined,
    logger ? { logger } : {},
  ));
}

const fullForm = {
  [formFieldNames.siteKey]: TEST_SITE_KEY,
  name: 'Jane Doe',
  email: 'jane@example.com',
  subject: 'Pricing',
  message: 'Hello there',
  website: '',
};

/** A form post as Chromium sends it from the site's own /contact page. */
const postForm = (fields: Record<string, string>, headers?: Record<string, string>, remoteAddress?: string) =>
  postContactForm(app, fields, headers, remoteAddress);

const stored = () => readRows(storage, 'select * from messages order by seq');

describe('a contact form posted without JavaScript', () => {
  it('stores the message, its notification and consent confirmation, then sends the browser to the thank-you page', async () => {
    await start();
    const response = await postForm({ ...fullForm, marketingConsent: 'on' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(MESSAGE_SENT_PATH);
    const [row] = await stored();
    expect(row).toMatchObject({
      name: 'Jane Doe',
      email: 'jane@example.com',
      subject: 'Pricing',
      message: 'Hello there',
      marketing_consent: 1,
      site_key: TEST_SITE_KEY,
      spam: 0,
    });
    expect(await readRows(storage, 'select kind from outbox order by seq')).toEqual([
      { kind: 'notification' },
      { kind: 'confirmation' },
    ]);
  });

  it("builds the compact form subject from the name and the site name, in the form's language, as the scripts do", async () => {
    await start();
    const { name, email, message } = fullForm;
    const compact = {
      [formFieldNames.siteKey]: TEST_SITE_KEY,
      name,
      email,
      message,
      [formFieldNames.siteName]: 'Test Company',
    };
    expect((await postForm(compact)).statusCode).toBe(303);
    expect((await postForm({ ...compact, [formFieldNames.language]: 'el' })).statusCode).toBe(303);
    expect(await stored()).toEqual([
      expect.objectContaining({ subject: 'Jane Doe - Contact Test Company', marketing_consent: 0 }),
      expect.objectContaining({ subject: 'Jane Doe - Επικοινωνία με την Test Company', language: 'el' }),
    ]);
  });

  it('takes a post from an allowed origin and sends the browser back to that site', async () => {
    await start({ CORS_ORIGINS: 'https://partner.example' });
    const response = await postForm(fullForm, {
      'sec-fetch-site': 'cross-site',
      origin: 'https://partner.example',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`https://partner.example${MESSAGE_SENT_PATH}`);
    expect(await stored()).toHaveLength(1);
  });

  it('refuses posts from other sites, or with no sign of where they come from, with a 403 page', async () => {
    await start({ CORS_ORIGINS: 'https://partner.example' });
    for (const headers of <Record<string, string>[]>[
      {},
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site', origin: 'null' },
      { origin: 'https://evil.example', referer: `http://localhost:80${CONTACT_PAGE_PATH}` },
    ]) {
      const response = await postForm(fullForm, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('Your message was not sent');
    }
    expect(await stored()).toHaveLength(0);
  });

  it('refuses an unknown site key with a 403 page', async () => {
    await start();
    const response = await postForm({ ...fullForm, [formFieldNames.siteKey]: 'not-a-site' });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('<h1>Your message was not sent</h1>');
    expect(await stored()).toHaveLength(0);
  });

  it('answers invalid input with a 400 page that names each field and links back to the form', async () => {
    await start();
    const response = await postForm({ ...fullForm, name: '   ', email: 'jane@', message: 'Hello there' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<li><strong>Name:</strong> Please enter your name.</li>');
    expect(response.body).toContain('<li><strong>E-mail:</strong> Please enter a valid e-mail address.</li>');
    expect(response.body).toContain(`href="${CONTACT_PAGE_PATH}#contact"`);
    expect(response.body).not.toContain('jane@');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(await stored()).toHaveLength(0);
  });

  it('answers the rate limit with a 429 page that gives the wait', async () => {
    await start({ CONTACT_RATE_PER_MINUTE: '1' });
    expect((await postForm(fullForm)).statusCode).toBe(303);
    const response = await postForm(fullForm);
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.body).toMatch(/send this one again in \d+ seconds/);
    expect(await stored()).toHaveLength(1);
  });

  it('answers a body over 64 KB with a 413 page, not JSON', async () => {
    await start();
    const response = await postForm({ ...fullForm, message: 'x'.repeat(70_000) });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Your message is too long');
  });

  it('answers 503 with a page when the database refuses the message, and keeps what was stored', async () => {
    await start();
    await postForm(fullForm);
    await writeRows(storage, 'alter table outbox rename to outbox_away');
    const response = await postForm({ ...fullForm, subject: 'Second' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('Your message could not be stored');
    await writeRows(storage, 'alter table outbox_away rename to outbox');
    expect((await stored()).map((row) => row.subject)).toEqual(['Pricing']);
  });

  it('never writes what the visitor typed into a log line, at any level', async () => {
    const lines: string[] = [];
    await start({ CONTACT_RATE_PER_MINUTE: '2' }, lines);
    const typed = {
      ...fullForm,
      name: 'Zebediah Quux',
      email: 'zq-marker@example.org',
      message: 'MARKER-BODY',
    };
    await postForm(typed);
    await postForm({ ...typed, name: '   ' });
    await postForm(typed);
    await postForm(typed);
    await postForm({ ...typed, message: 'MARKER-BODY'.repeat(7000) });
    const log = lines.join('');
    expect(log).toContain('contact message stored');
    for (const marker of ['Zebediah', 'zq-marker', 'MARKER-BODY']) expect(log).not.toContain(marker);
  });
});
