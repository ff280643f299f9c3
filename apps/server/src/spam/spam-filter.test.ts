import { describe, expect, it } from 'vitest';
import { newMessageId } from '../contact/message-id.js';
import type { Db } from '../db/database.js';
import { createTestStorage, type TestStorage } from '../test/test-storage.js';
import { openStorageDatabase, storeMessage } from '../test/test-database.js';
import { readRows } from '../test/stored-rows.js';
import { MIN_TRAINED } from './classifier.js';
import type { PageTiming } from './page-timing.js';
import { type Candidate, spamFilter } from './spam-filter.js';
import { messageTokens } from './spam-text.js';
import { tokenCounts } from './token-counts.js';
import { tokenHasher, tokenRepository } from './token-repository.js';
import { MARK_WEIGHT, spamTraining } from './spam-training.js';
import { detailOf } from './reason-details.js';
import type { Reason } from './reasons.js';

/** A reason with its text, as the inbox shows it. */
const withDetail = (reason: Reason) => ({ ...reason, detail: detailOf(reason) });

const SECRET = 'spam-filter-test-secret-0123456789abcdef';
const settings = {
  filter: true,
  threshold: 5,
  possiblyThreshold: 1.5,
  classifier: true,
  siteScripts: ['Latn'],
};
const silent = { warn: () => {} } as never;
const readPage: PageTiming = { kind: 'served', at: 0 };

/** Two connections to one fresh database, as two instances of the server have. */
async function twoInstances(): Promise<[Db, Db, TestStorage]> {
  const storage = await createTestStorage();
  return [await openStorageDatabase(storage), await openStorageDatabase(storage), storage];
}

const offer = (n: number) => ({
  name: `Seo Expert ${n}`,
  email: `seo${n}@rank-boost.example`,
  subject: 'First page of Google guaranteed',
  message: `We guarantee first page Google ranking for your website, cheap backlinks package ${n}, reply today for the discount.`,
});
const enquiry = (n: number) => ({
  name: `Client ${n}`,
  email: `client${n}@company.example`,
  subject: 'Question about the CRM',
  message: `Hello, our team in Limassol would like a demo of the CRM and the SMS platform for project ${n}.`,
});
const candidate = (fields: ReturnType<typeof offer>, timing: PageTiming = readPage): Candidate => ({
  name: fields.name,
  email: fields.email,
  subject: fields.subject,
  body: fields.message,
  honeypot: false,
  timing,
});

/** Stores messages and teaches the filter each as an operator's mark would. */
async function teach(db: Db, kind: 'spam' | 'ham', count: number) {
  const training = spamTraining(db, () => SECRET);
  for (let n = 0; n < count; n++) {
    const stored = await storeMessage(db, {
      id: newMessageId(),
      ...(kind === 'spam' ? offer(n) : enquiry(n)),
    });
    const row = await db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow();
    await db.transaction().execute((trx) => training.learnMessage(trx, row, kind));
  }
}

describe('the spam filter on the database', () => {
  it('keeps quiet until trained, then judges by what the operators taught it; another instance knows it too', async () => {
    const [first, second] = await twoInstances();
    const judgeFirst = spamFilter(first, () => SECRET, settings);
    const before = await judgeFirst(candidate(offer(99)), silent, 60_000);
    expect(before.reasons.map(withDetail)).toEqual([
      expect.objectContaining({
        signal: 'classifier',
        points: 0,
        detail: expect.stringContaining('not trained yet'),
      }),
    ]);

    await teach(first, 'spam', MIN_TRAINED);
    await teach(first, 'ham', MIN_TRAINED);

    const judgeSecond = spamFilter(second, () => SECRET, settings);
    const spam = await judgeSecond(candidate(offer(99)), silent, 60_000);
    const real = await judgeSecond(candidate(enquiry(99)), silent, 60_000);
    expect(spam.reasons.find((reason) => reason.signal === 'classifier')!.points).toBeGreaterThanOrEqual(3.5);
    expect(real.reasons.find((reason) => reason.signal === 'classifier')!.points).toBeLessThan(0);
    expect(spam.spam).toBe(true);
    expect(real.spam).toBe(false);
    expect([spam.verdict, real.verdict]).toEqual(['spam', 'not-spam']);
  });

  it('gives each band its verdict: a message with no page is possibly spam, one sent too fast with markup is spam', async () => {
    const [db] = await twoInstances();
    const judge = spamFilter(db, () => SECRET, settings);
    const verdictOf = async (fields: ReturnType<typeof offer>, timing?: PageTiming) =>
      (await judge(candidate(fields, timing), silent, 60_000)).verdict;
    // Texts of their own: the same text from another address would count as repeated.
    const asked = (message: string) => ({ ...enquiry(message.length), message });
    expect(await verdictOf(asked('Could you send us the price list for the SMS platform?'))).toBe('not-spam');
    expect(await verdictOf(asked('We would like a quote for 20,000 SMS a month.'), { kind: 'no-page' })).toBe(
      'possibly-spam',
    );
    const withMarkup = asked('See [b]our offer[/b] for the SMS platform');
    expect(await verdictOf(withMarkup)).toBe('possibly-spam');
    expect(await verdictOf(withMarkup, { kind: 'served', at: 60_000 - 1_000 })).toBe('spam');
  });

  it('judges the very next message with what another instance learnt, never with counts it read before', async () => {
    const [first, second] = await twoInstances();
    await teach(first, 'spam', MIN_TRAINED);
    await teach(first, 'ham', MIN_TRAINED);
    const marked = MIN_TRAINED * MARK_WEIGHT;
    const judge = spamFilter(second, () => SECRET, settings);
    const cheap = {
      ...enquiry(50),
      message: 'Cheap replica watches and designer handbags, wholesale prices.',
    };
    const classifierPoints = async (now: number) =>
      (await judge(candidate(cheap), silent, now)).reasons.find((reason) => reason.signal === 'classifier')!;
    const before = await classifierPoints(60_000);
    expect(detailOf(before)).toContain(`learnt from ${marked} spam and ${marked} real messages`);

    const training = spamTraining(first, () => SECRET);
    await training.learnTexts(
      'spam',
      Array.from({ length: 20 }, (_, n) => ({
        ...cheap,
        email: `bot${n}@replica.example`,
        body: cheap.message,
      })),
    );
    const after = await classifierPoints(60_001);
    expect(detailOf(after)).toContain(`learnt from ${marked + 20} spam and ${marked} real messages`);
    expect(after.points).toBeGreaterThan(before.points);
  });

  it('counts from the whole model in memory the same as from the database, and at a new version never from the old model', async () => {
    const [first, second] = await twoInstances();
    await teach(first, 'spam', MIN_TRAINED);
    await teach(first, 'ham', MIN_TRAINED);
    const store = tokenRepository(second);
    const inMemory = tokenCounts(store);
    const hashOf = tokenHasher(SECRET);
    const text = { ...candidate(offer(3)), body: `${offer(3).message} replica watches` };
    const tokens = messageTokens(text);
    const fromDatabase = async () => {
      const read = await store.countsOf(tokens.map(hashOf));
      return tokens.map((token) => read.get(hashOf(token)) ?? { spam: 0, ham: 0 });
    };

    const before = (await store.state()).version;
    await inMemory.load();
    const loaded = await inMemory.counts(tokens, hashOf, before);
    expect(loaded).toEqual(await fromDatabase());
    expect(loaded.filter((counts) => counts.spam === MIN_TRAINED * MARK_WEIGHT).length).toBeGreaterThan(5);

    await spamTraining(first, () => SECRET).learnTexts('spam', [text]);
    const after = (await store.state()).version;
    expect(after).toBeGreaterThan(before);
    const changed = await inMemory.counts(tokens, hashOf, after);
    expect(changed).toEqual(await fromDatabase());
    expect(changed).not.toEqual(loaded);
    await inMemory.load();
    expect(await inMemory.counts(tokens, hashOf, after)).toEqual(changed);
  });

  it('takes back what a mark taught, as many messages as it taught, when the operator changes their mind', async () => {
    const [db] = await twoInstances();
    const training = spamTraining(db, () => SECRET);
    const stored = await storeMessage(db, offer(1));
    const row = () =>
      db.selectFrom('messages').selectAll().where('id', '=', stored.id).executeTakeFirstOrThrow();
    const totals = async () =>
      Object.fromEntries(
        (await db.selectFrom('spam_training').selectAll().execute()).map((r) => [r.kind, Number(r.messages)]),
      );
    const counted = async () =>
      (await db.selectFrom('spam_tokens').select(['spam', 'ham']).execute()).reduce(
        (sum, r) => ({ spam: sum.spam + Number(r.spam), ham: sum.ham + Number(r.ham) }),
        { spam: 0, ham: 0 },
      );

    const learn = async (kind: 'spam' | 'ham') => {
      const current = await row();
      await db.transaction().execute((trx) => training.learnMessage(trx, current, kind));
    };
    await learn('spam');
    // A mark counts as MARK_WEIGHT messages, and the message keeps how many.
    expect(await totals()).toEqual({ spam: MARK_WEIGHT, ham: 0 });
    expect((await row()).trained_weight).toBe(MARK_WEIGHT);
    const learnt = await counted();
    expect(learnt.spam).toBeGreaterThan(10 * MARK_WEIGHT);

    await learn('ham');
    expect(await totals()).toEqual({ spam: 0, ham: MARK_WEIGHT });
    expect(await counted()).toEqual({ spam: 0, ham: learnt.spam });
    expect((await row()).trained_as).toBe('ham');

    // Learning it as ham again changes nothing.
    await learn('ham');
    expect(await totals()).toEqual({ spam: 0, ham: MARK_WEIGHT });
  });

  it('takes back one message for a mark made before marks counted more, and leaves what other mails taught', async () => {
    const [db] = await twoInstances();
    const training = spamTraining(db, () => SECRET);
    const stored = await storeMessage(db, offer(1));
    const text = { ...offer(1), body: offer(1).message };
    // The same text imported once by `train`, and marked spam before the weight was kept: as one message,
    // the mark's weight the migration gave every earlier mark.
    await training.learnTexts('spam', [text, text]);
    await db.updateTable('messages').set({ trained_as: 'spam' }).where('id', '=', stored.id).execute();
    const row = await db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(row.trained_weight).toBe(1);
    const hashes = messageTokens(text).map(tokenHasher(SECRET));

    await db.transaction().execute((trx) => training.learnMessage(trx, row, 'ham'));
    const counts = await tokenRepository(db).countsOf(hashes);
    // The imported copy still counts once on the spam side; the mark now counts MARK_WEIGHT as real.
    expect(new Set([...counts.values()].map((count) => `${count.spam}/${count.ham}`))).toEqual(
      new Set([`1/${MARK_WEIGHT}`]),
    );
    expect(counts.size).toBe(hashes.length);
    expect(await tokenRepository(db).state()).toMatchObject({ spam: 1, ham: MARK_WEIGHT });
  });

  it('holds no readable word, name or address of what it learnt', async () => {
    const [db, , storage] = await twoInstances();
    await teach(db, 'spam', 3);
    const dump = JSON.stringify(await readRows(storage, 'select * from spam_tokens'));
    for (const readable of ['google', 'backlinks', 'rank-boost', 'seo', 'expert', 'subject:'])
      expect(dump.toLowerCase()).not.toContain(readable);
  });

  it('flags the same text sent from other addresses within a day, and not from the same address', async () => {
    const [db] = await twoInstances();
    const judge = spamFilter(db, () => SECRET, { ...settings, classifier: false });
    const text =
      'We are a professional web design company and can build your new website for half the price.';
    const at = Date.parse('2026-03-01T12:00:00Z');
    const send = async (email: string, message: string, when = at) => {
      const verdict = await judge(
        { name: 'A', email, subject: 'Website', body: message, honeypot: false, timing: readPage },
        silent,
        when,
      );
      await storeMessage(db, {
        email,
        message,
        received_at: new Date(when).toISOString(),
        text_fingerprint: verdict.fingerprint,
      });
      return verdict.reasons.filter((reason) => reason.signal === 'repeated-text');
    };
    expect(await send('one@a.example', text)).toEqual([]);
    expect(await send('one@a.example', text)).toEqual([]);
    // Nearly the same: other case, spacing, punctuation and digits.
    const [again] = await send(
      'two@b.example',
      `  WE ARE a professional web-design company, and can build your new website for half the price!! 2026`,
    );
    expect(withDetail(again!)).toMatchObject({
      points: 2,
      detail: expect.stringContaining('1 other address'),
    });
    // Typographic quotes and dashes, an emoji, an accent kept: still the same text to the filter.
    const typeset = `“We are a professional web design company” – and can build your new website for half the price 🚀`;
    expect((await send('two@b.example', typeset))[0]).toMatchObject({ points: 2 });
    await send('three@c.example', text);
    expect(await send('four@d.example', text)).toEqual([expect.objectContaining({ points: 4 })]);
    // A day later, the campaign is old news.
    expect(await send('five@e.example', text, at + 25 * 60 * 60 * 1000)).toEqual([]);
    // Short texts are said alike by different people.
    expect(await send('six@f.example', 'Please call me back.')).toEqual([]);
    expect(await send('seven@g.example', 'Please call me back.')).toEqual([]);
  });

  it('judges and learns hostile text without failing: huge, binary, every script, invisible characters', async () => {
    const [db] = await twoInstances();
    await teach(db, 'spam', MIN_TRAINED);
    await teach(db, 'ham', MIN_TRAINED);
    const judge = spamFilter(db, () => SECRET, settings);
    const training = spamTraining(db, () => SECRET);
    const hostile = [
      'x'.repeat(20_000),
      Array.from({ length: 20_000 }, (_, index) => String.fromCharCode((index * 7919) % 0xd800)).join(''),
      'Ωμέγα Привет 你好 مرحبا שלום こんにちは 안녕 नमस्ते ສະບາຍດີ 𓀀𓀁 '.repeat(300),
      '\u200B\u200C\u200D\u2060\uFEFF'.repeat(4000),
      `${'https://bit.ly/x '.repeat(1000)}[url=http://a.example]a[/url]`,
    ];
    for (const body of hostile) {
      const verdict = await judge(
        {
          name: body.slice(0, 200),
          email: 'x@y.example',
          subject: body.slice(0, 300),
          body,
          honeypot: false,
          timing: { kind: 'no-page' },
        },
        silent,
      );
      expect(Number.isFinite(verdict.score)).toBe(true);
      await training.learnTexts('spam', [{ name: 'x', email: 'x@y.example', subject: '', body }]);
    }
  });
});
