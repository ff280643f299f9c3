import { createTestDir } from '@site/testing/per-test';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { migrateBackTo, migrateToLatest } from '../db/migrate.js';
import { dataSubjects } from '../privacy/data-subject-repository.js';
import { openTestDatabase, storeMessage } from '../test/test-database.js';
import { type MessageFilter, inboxRepository } from './inbox-repository.js';
import { compoundQueries, fts5Query, prefixQuery, searchWords } from './message-search.js';
import { setByHand } from '../contact/message-status.js';
import { messageStatusRepository } from '../contact/message-status-repository.js';
import { auditLog, commandLine } from '../audit/audit-log.js';
import { inboxService } from './inbox-service.js';
import { spamTraining } from '../spam/spam-training.js';
import { firstResponseClockOf } from '../derived-settings.js';
import { readEnv } from '../env.js';

/** The inbox's Spam and Not spam, as an operator marks a message. */
const markSpam = (db: Db, id: string, spam: boolean) =>
  inboxService(
    db,
    auditLog(db),
    spamTraining(db, () => 'search-test-secret'),
    { consentConfirmDays: 7, firstResponse: firstResponseClockOf(readEnv({})) },
  ).markSpam(id, spam, commandLine);

/** The e-mail addresses of the messages a search finds, newest first. */
const found = async (db: Db, search: string, filter: Partial<MessageFilter> = {}) =>
  (await inboxRepository(db).list({ spam: false, search, ...filter })).map((row) => row.email);

/** Messages in several scripts, one restricted, the newest last. */
async function inbox(db: Db) {
  for (const fields of [
    { name: 'Ελένη Παπαδοπούλου', email: 'eleni@example.gr', subject: 'Προσφορά', message: 'Καλημέρα σας!' },
    { name: 'José García-López', email: 'jose@example.es', subject: 'Presupuesto', message: 'Gracias' },
    { name: 'Jürgen Müller', email: 'anna@example.com', subject: 'Angebot', message: 'Ein Würfel, bitte.' },
    { name: 'Anna Smith', email: 'anna.smith@example.com', subject: 'Pricing', message: 'A quote, please.' },
    { name: 'Joanna Lee', email: 'joanna@example.com', subject: 'Order', message: '日本語のテキスト。' },
    { name: 'Olga Or', email: 'olga@example.org', subject: 'Private matter', message: 'Secret words.' },
  ])
    await storeMessage(db, fields);
  await dataSubjects(db, createTestDir('data-'), () => 'a'.repeat(32)).restrict('olga@example.org');
}

describe('searchWords', () => {
  it('keeps the letters and digits of each word, in every script, and nothing else', () => {
    expect(searchWords(' "anna@example.com"  NEAR(x* -y:z ')).toEqual([
      ['anna', 'example', 'com'],
      ['NEAR', 'x'],
      ['y', 'z'],
    ]);
    expect(searchWords('Καλημέρα 日本語 O’Brien')).toEqual([['Καλημέρα'], ['日本語'], ['O', 'Brien']]);
    expect(searchWords('" * : - ( ) \' \\')).toEqual([]);
    // A decomposed é (e and a combining accent) is the é typed in one piece.
    expect(searchWords('Jose\u0301')).toEqual([['José']]);
  });

  it('quotes every word, so no query syntax is left', () => {
    const words = searchWords('OR anna@example');
    expect(fts5Query(words)).toBe('"OR"* "anna example"*');
    expect(prefixQuery(words)).toBe("'OR':*");
    expect(compoundQueries(words)).toEqual(['anna.example']);
  });

  it('looks a word of many tokens up by windows of the compounds the index holds, each from a token on', () => {
    const tokens = Array.from({ length: 25 }, (_, index) => `t${index}`);
    expect(compoundQueries([tokens.slice(0, 12)])).toEqual([tokens.slice(0, 12).join('.')]);
    expect(compoundQueries([tokens.slice(0, 13)])).toEqual([
      tokens.slice(0, 12).join('.'),
      tokens.slice(11, 13).join('.'),
    ]);
    expect(compoundQueries([tokens])).toEqual([
      tokens.slice(0, 12).join('.'),
      tokens.slice(11, 23).join('.'),
      tokens.slice(22).join('.'),
    ]);
    expect(prefixQuery([['a', 'b']])).toBeUndefined();
  });
});

describe('search', () => {
  it('finds words and their beginnings, whatever the case, in Greek, accented Latin and CJK', async () => {
    const db = await openTestDatabase();
    await inbox(db);
    expect(await found(db, 'καλημ')).toEqual(['eleni@example.gr']);
    expect(await found(db, 'ΚΑΛΗΜΈΡΑ')).toEqual(['eleni@example.gr']);
    expect(await found(db, 'Παπαδοπούλου προσφ')).toEqual(['eleni@example.gr']);
    // Latin letters' accents do not count, other scripts' do: the same on both databases.
    expect(await found(db, 'jose garcia')).toEqual(['jose@example.es']);
    expect(await found(db, 'MÜLL')).toEqual(['anna@example.com']);
    expect(await found(db, 'wurfel')).toEqual(['anna@example.com']);
    expect(await found(db, 'καλημερα')).toEqual([]);
    expect(await found(db, '日本語')).toEqual(['joanna@example.com']);
    // Every word must be found; a word inside another is not found.
    expect(await found(db, 'anna pricing')).toEqual(['anna.smith@example.com']);
    expect(await found(db, 'nna')).toEqual([]);
  });

  it('finds an e-mail address whole or by its beginning, and not others that share its parts', async () => {
    const db = await openTestDatabase();
    await inbox(db);
    expect(await found(db, 'anna@example.com')).toEqual(['anna@example.com']);
    expect(await found(db, 'ANNA@exam')).toEqual(['anna@example.com']);
    expect(await found(db, 'anna')).toEqual(['anna.smith@example.com', 'anna@example.com']);
    expect(await found(db, 'example.com')).toEqual([
      'joanna@example.com',
      'anna.smith@example.com',
      'anna@example.com',
    ]);
    expect(await found(db, 'smith@example.com')).toEqual(['anna.smith@example.com']);
    expect(await found(db, 'SMITH@EXA anna')).toEqual(['anna.smith@example.com']);
    expect(await found(db, 'García-Lóp')).toEqual(['jose@example.es']);
    expect(await found(db, 'smith@example.org')).toEqual([]);
  });

  it('finds a link of many parts whole, by its beginning or from any part on', async () => {
    const db = await openTestDatabase();
    const link = 'https://files.example.net/shared/2026/11/quotes/cyprus/limassol/office-a/draft-3/plan.pdf';
    await storeMessage(db, { email: 'link@example.com', message: `The plan: ${link}, as promised.` });
    await storeMessage(db, {
      email: 'other@example.com',
      message: 'https://files.example.net/shared/2025/plan.pdf',
    });
    expect(await found(db, link)).toEqual(['link@example.com']);
    expect(await found(db, link.slice(0, -6))).toEqual(['link@example.com']);
    expect(await found(db, 'quotes/cyprus/limassol/office-a/draft-3/plan.pdf')).toEqual(['link@example.com']);
    expect(await found(db, 'files.example.net/shared/20')).toEqual(['other@example.com', 'link@example.com']);
    expect(await found(db, `${link.replace('draft-3', 'draft-4')}`)).toEqual([]);
  });

  it('finds a restricted message by its sender only', async () => {
    const db = await openTestDatabase();
    await inbox(db);
    expect(await found(db, 'secret')).toEqual([]);
    expect(await found(db, 'private')).toEqual([]);
    expect(await found(db, 'olga or')).toEqual(['olga@example.org']);
  });

  it('takes whatever is typed as words, never as query syntax', async () => {
    const db = await openTestDatabase();
    await inbox(db);
    for (const hostile of [
      '"',
      '*',
      ':',
      '-',
      '(',
      "'",
      '\\',
      '&|!<->',
      'NEAR(',
      'AND NOT OR',
      '"unbalanced',
      'subject:pricing',
      '-pricing',
      'pricing*',
      "'); drop table messages; --",
      'NEAR(anna smith, 2)',
      '^anna',
      '%_',
    ])
      await expect(found(db, hostile), hostile).resolves.toBeInstanceOf(Array);
    expect(await found(db, '"pricing')).toEqual(['anna.smith@example.com']);
    expect(await found(db, '(anna)')).toEqual(['anna.smith@example.com', 'anna@example.com']);
    expect(await found(db, 'subject:pricing')).toEqual([]);
    expect(await found(db, '-pricing*')).toEqual(['anna.smith@example.com']);
    expect(await found(db, 'OR')).toEqual(['olga@example.org', 'joanna@example.com']);
    expect(await found(db, '" * : -')).toEqual([]);
    expect(await inboxRepository(db).list({ spam: false })).toHaveLength(6);
  });

  it('keeps each view to its own messages as they are marked spam and back, with the other filters', async () => {
    const db = await openTestDatabase();
    await inbox(db);
    const pricing = (await inboxRepository(db).list({ spam: false, search: 'pricing' }))[0]!;
    expect(await markSpam(db, pricing.id, true)).toBe(true);
    expect(await found(db, 'pricing')).toEqual([]);
    expect(await found(db, 'pricing', { spam: true })).toEqual(['anna.smith@example.com']);
    expect(await markSpam(db, pricing.id, false)).toBe(true);
    expect(await found(db, 'pricing', { spam: true })).toEqual([]);
    expect(await messageStatusRepository(db).change(pricing.id, setByHand('archived'))).toBe(true);
    expect(await found(db, 'anna', { status: 'archived' })).toEqual(['anna.smith@example.com']);
    expect(await found(db, 'anna', { status: 'new' })).toEqual(['anna@example.com']);
    const page = await inboxRepository(db).list({ spam: false, search: 'example' }, { limit: 2 });
    expect(page.map((row) => row.email)).toEqual(['olga@example.org', 'joanna@example.com']);
    const next = await inboxRepository(db).list(
      { spam: false, search: 'example' },
      { limit: 2, beforeSeq: page[1]!.seq },
    );
    expect(next.map((row) => row.email)).toEqual(['anna.smith@example.com', 'anna@example.com']);
  });

  it('no longer finds an erased or purged message', async () => {
    const db = await openTestDatabase();
    await inbox(db);
    const subjects = dataSubjects(db, createTestDir('data-'), () => 'a'.repeat(32));
    expect((await subjects.erase('anna@example.com')).messages).toBe(1);
    expect(await found(db, 'anna')).toEqual(['anna.smith@example.com']);
    expect(await found(db, 'müller')).toEqual([]);
    await storeMessage(db, {
      email: 'old@example.com',
      message: 'Ancient',
      received_at: '2020-01-01T00:00:00.000Z',
    });
    expect(await found(db, 'ancient')).toEqual(['old@example.com']);
    await subjects.purgeReceivedBefore('2021-01-01T00:00:00.000Z');
    expect(await found(db, 'ancient')).toEqual([]);
  });

  it('indexes a text of one compound word as long as the form takes at once, and finds it by its parts', async () => {
    const db = await openTestDatabase();
    // 6,666 tokens in one word: PostgreSQL once took longer than its statement timeout to index them.
    await storeMessage(db, { email: 'bot@flood.example', message: `${'[b='.repeat(6_666)}zebra` });
    await storeMessage(db, {
      email: 'anna@example.com',
      message: `${'x.'.repeat(9_990)}www.shop.example/offer`,
    });
    expect(await found(db, 'zebra')).toEqual(['bot@flood.example']);
    expect(await found(db, 'shop.example/offer')).toEqual(['anna@example.com']);
  });

  it('finds the messages stored before the index existed', async () => {
    const db = await openTestDatabase();
    await inbox(db);
    await migrateBackTo(db as Kysely<unknown>, '009-operator-security');
    await migrateToLatest(db as Kysely<unknown>);
    expect(await found(db, 'καλημ')).toEqual(['eleni@example.gr']);
    expect(await found(db, 'secret')).toEqual([]);
    expect(await found(db, 'olga')).toEqual(['olga@example.org']);
  });
});
