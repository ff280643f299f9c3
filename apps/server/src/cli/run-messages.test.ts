import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_PAGE_PATH } from '@site/api-contract';
import { preparedOnce } from '@site/testing/per-test';
import { readEnv } from '../env.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import type { TestStorage } from '../test/test-storage.js';
import { buildTestApp } from '../test/test-app.js';
import { runMessages } from './run-messages.js';
import { readRows, writeRows } from '../test/stored-rows.js';

let app: FastifyInstance;
let storage: TestStorage;

/** An app with five messages: Jane twice (one in another case), a hostile one, spam, and Omar's. */
async function appWithMessages() {
  const built = await buildTestApp({ CONTACT_RATE_PER_MINUTE: '1000' });
  await sendMessage(built.app, {
    ...validMessage,
    name: 'Jane Doe',
    email: 'Jane@Example.com',
    marketingConsent: true,
  });
  await sendMessage(built.app, {
    ...validMessage,
    name: 'Jane D.',
    email: 'jane@example.com',
    subject: 'Second',
  });
  await sendMessage(built.app, {
    ...validMessage,
    name: '=HYPERLINK("http://evil.example","x")',
    email: 'mallory@example.com',
    subject: '+1, "quoted", multi\nline',
    message: '@SUM(A1:A2)\r\nsecond line',
    marketingConsent: true,
  });
  await sendMessage(built.app, {
    ...validMessage,
    email: 'bot@example.com',
    website: 'spam.example',
    marketingConsent: true,
  });
  await sendMessage(built.app, {
    ...validMessage,
    name: 'Omar',
    email: 'omar@example.com',
    marketingConsent: true,
  });
  return built;
}

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = readEnv({ ...storage.settings, SITE_URL: 'https://www.example.com' });
  const code = await runMessages(argv, env, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const tableRows = (table: string) => readRows(storage, `select * from ${table}`);

/** As if these addresses had used the link in their confirmation mail (double-opt-in.test.ts does). */
const confirm = (...emails: string[]) =>
  writeRows(
    storage,
    `update marketing_consents set confirmed_at = '2026-01-02T00:00:00.000Z'
     where email in (${emails.map((email) => `'${email}'`).join(', ')})`,
  );

/** Waits until the worker has delivered all 7 mails: 4 notifications and 3 consent confirmations. */
const allMailsSent = () =>
  expect
    .poll(async () => (await cli('outbox')).out, { timeout: 5000, interval: 50 })
    .toBe('pending 0  failed 0  sent 7');

// The commands that only read share one app with the five messages; those that change what is stored
// get one of their own.
describe('npm run messages -- <command> that reads', () => {
  const prepared = preparedOnce(appWithMessages);
  beforeEach(() => {
    ({ app, storage } = prepared());
  });

  it('list shows real messages newest first, filters by text and date, and --spam shows the catches', async () => {
    const all = await cli('list');
    expect(all.code).toBe(0);
    expect(all.out.split('\n')).toHaveLength(4);
    expect(all.out.split('\n')[0]).toContain('omar@example.com');
    expect(all.out).not.toContain('bot@example.com');
    expect((await cli('list', '--search', 'SECOND')).out.split('\n')).toHaveLength(2);
    expect((await cli('list', '--search', 'OMAR')).out).toContain('omar@example.com');
    expect((await cli('list', '--since', '2999-01-01')).out).toBe('');
    expect((await cli('list', '--spam')).out).toContain('bot@example.com');
  });

  it('show prints every field of one message, and fails clearly for an unknown id', async () => {
    const [id] = (await cli('list', '--search', 'omar')).out.split(' ');
    const shown = await cli('show', id!);
    expect(JSON.parse(shown.out)).toMatchObject({
      id,
      name: 'Omar',
      email: 'omar@example.com',
      message: 'Hello there',
    });
    const missing = await cli('show', 'no-such-id');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('No message with id no-such-id');
  });

  it('export csv round-trips through a CSV parser with formulas neutralised', async () => {
    const { code, out } = await cli('export', '--format', 'csv');
    expect(code).toBe(0);
    const rows = parse(out, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toHaveLength(4);
    const mallory = rows.find((row) => row.email === 'mallory@example.com')!;
    expect(mallory.name).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(mallory.subject).toBe(`'+1, "quoted", multi\nline`);
    expect(mallory.message).toBe(`'@SUM(A1:A2)\r\nsecond line`);
    expect(rows.some((row) => row.email === 'bot@example.com')).toBe(false);
  });

  it('export json gives the same messages as data, each address in its normal form', async () => {
    const rows = JSON.parse((await cli('export', '--format', 'json')).out) as { email: string }[];
    expect(rows.map((row) => row.email).sort()).toEqual([
      'jane@example.com',
      'jane@example.com',
      'mallory@example.com',
      'omar@example.com',
    ]);
  });

  it('outbox counts the mails by state: 4 notifications and 3 consent confirmations', allMailsSent);

  it('subject-access returns everything held about an address, whatever its case', async () => {
    const report = JSON.parse((await cli('subject-access', '--email', 'JANE@example.com')).out);
    expect(report.messages).toHaveLength(2);
    expect(report.notifications.map((mail: { kind: string }) => mail.kind)).toEqual([
      'notification',
      'confirmation',
      'notification',
    ]);
    expect(report.marketingConsent).toMatchObject({
      email: 'jane@example.com',
      message_id: report.messages[0].id,
      state: 'pending',
      confirmed_at: null,
    });
    expect(report.marketingOptOut).toBeNull();
  });

  it('answers unknown commands and bad arguments with exit code 2 and help', async () => {
    const unknown = await cli('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown command "frobnicate"');
    const badFormat = await cli('export', '--format', 'xml');
    expect(badFormat.code).toBe(2);
    expect(badFormat.err).toContain('--format must be csv or json');
    expect((await cli('erase')).code).toBe(2);
    expect((await cli('list', '--nope')).code).toBe(2);
    expect((await cli('purge', '--older-than', 'soon')).code).toBe(2);
    expect((await cli()).code).toBe(2);
  });

  it('--help explains each command', async () => {
    for (const command of [
      'list',
      'show',
      'export',
      'outbox',
      'subject-access',
      'erase',
      'restrict',
      'purge',
      'marketing-list',
    ]) {
      const help = await cli(command, '--help');
      expect(help.code, command).toBe(0);
      expect(help.out, command).toContain(`npm run messages -- ${command}`);
    }
  });
});

describe('npm run messages -- <command> that changes what is stored', () => {
  beforeEach(async () => {
    ({ app, storage } = await appWithMessages());
  });

  it('export csv gives no cell a formula start, whichever character a spreadsheet splits cells on', async () => {
    const hostile = [
      `Acme;=cmd|' /C calc'!A0`,
      '\u0000=1+1',
      'Dear team; @SUM(A1:A9)',
      'x;\t-2+3',
      'y;"=HYPERLINK(""http://evil.example"")"',
      'first line\n+1;second',
      'pipe|=1+1',
      '\t=tab first',
      'comma,=2+2',
    ];
    for (const [index, text] of hostile.entries()) {
      await sendMessage(app, {
        ...validMessage,
        email: `hostile${index}@example.com`,
        name: text,
        subject: text,
        message: text,
      });
    }
    const { out } = await cli('export', '--format', 'csv');
    const formula = /^[\p{Cc}\s"]*[=+\-@]/u;
    const cells = (parse(out, { bom: true }) as string[][]).flat();
    // The cells themselves also never start with a tab or CR (OWASP's list).
    for (const cell of cells) expect(cell).not.toMatch(/^[\t\r]/);
    // What a spreadsheet splitting on another character sees, honouring quotes loosely or not at all.
    const pieces = [',', ';', '|', '\t'].flatMap((delimiter) => [
      ...(parse(out, { bom: true, delimiter, relax_quotes: true, relax_column_count: true }) as string[][]),
      ...(parse(out, { bom: true, delimiter, quote: false, relax_column_count: true }) as string[][]),
    ]);
    for (const cell of [...cells, ...pieces.flat()]) expect(cell).not.toMatch(formula);
    const rows = parse(out, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.filter((row) => row.email?.startsWith('hostile'))).toHaveLength(hostile.length);
  });

  it('outbox retry queues failed mails again', async () => {
    await allMailsSent();
    await writeRows(storage, "update outbox set status = 'failed', last_error = 'mailbox full'");
    const report = await cli('outbox');
    expect(report.out).toContain('failed 7');
    expect(report.out).toMatch(/^failed {2}confirmation {2}\S+ {2}after \d+ attempt\(s\): mailbox full$/m);
    expect((await cli('outbox', 'retry')).out).toBe('7 mail(s) queued again');
    expect((await tableRows('outbox')).every((row) => row.status !== 'failed')).toBe(true);
  });

  it('erase leaves no trace of the address in any table', async () => {
    await allMailsSent();
    const { code, out } = await cli('erase', '--email', 'jane@example.com');
    expect(code).toBe(0);
    // Two notifications and the confirmation mail sent to the address, written as .eml files.
    expect(out).toBe('2 message(s), 0 answer(s) by mail and 3 notification file(s) erased');
    for (const table of ['messages', 'outbox', 'suppressions', 'marketing_consents']) {
      expect(JSON.stringify(await tableRows(table)).toLowerCase(), table).not.toContain('jane@example.com');
    }
    expect(await tableRows('messages')).toHaveLength(3);
  });

  it('restrict keeps the data but leaves it out of exports and the marketing list', async () => {
    await confirm('omar@example.com');
    expect((await cli('marketing-list')).out).toContain('omar@example.com');
    expect((await cli('restrict', '--email', 'omar@example.com')).out).toBe('1 message(s) restricted');
    expect((await cli('export', '--format', 'csv')).out).not.toContain('omar@example.com');
    expect((await cli('marketing-list')).out).not.toContain('omar@example.com');
    expect((await cli('list')).out).toContain('omar@example.com');
  });

  it('purge deletes messages older than the given days, and the consents they carried', async () => {
    await confirm('omar@example.com');
    await writeRows(
      storage,
      "update messages set received_at = '2020-01-01T00:00:00.000Z' where email = 'omar@example.com'",
    );
    await allMailsSent();
    expect((await cli('purge', '--older-than', '30')).out).toBe(
      '1 message(s) older than 30 day(s) and 2 notification file(s) deleted',
    );
    expect((await tableRows('messages')).some((row) => row.email === 'omar@example.com')).toBe(false);
    expect((await tableRows('marketing_consents')).map((row) => String(row.email)).sort()).toEqual([
      'jane@example.com',
      'mallory@example.com',
    ]);
  });

  it('marketing-list has the confirmed addresses once each, with working unsubscribe links', async () => {
    await confirm('jane@example.com', 'omar@example.com');
    const rows = parse((await cli('marketing-list')).out, { columns: true, bom: true }) as Record<
      string,
      string
    >[];
    expect(rows.map((row) => row.email)).toEqual(['jane@example.com', 'omar@example.com']);
    expect(rows[0]).toMatchObject({ name: 'Jane Doe', confirmed_at: '2026-01-02T00:00:00.000Z' });
    expect(Date.parse(rows[0]!.requested_at!)).not.toBeNaN();
    const link = new URL(rows.find((row) => row.email === 'omar@example.com')!.unsubscribe_url!);
    expect(link.origin + link.pathname).toBe(`https://www.example.com${UNSUBSCRIBE_PAGE_PATH}`);
    const page = await app.inject(UNSUBSCRIBE_PAGE_PATH + link.search);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('omar@example.com');
  });
});
