import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { messageStatuses } from '../db/types.js';
import { openTestDatabase, storeMessage } from '../test/test-database.js';
import { inboxRepository } from './inbox-repository.js';

const subjects = (rows: { subject: string }[]) => rows.map((row) => row.subject);

/** Five messages, the newest last: two sites, one caught by the honeypot, subjects with punctuation. */
async function inbox(db: Db) {
  const stored = [];
  for (const [n, fields] of [
    { subject: 'Pricing', site_key: 'site-a', received_at: '2026-01-01T00:00:00.000Z' },
    {
      subject: '100% off_now',
      site_key: 'site-a',
      received_at: '2026-01-02T00:00:00.000Z',
      spam: 1 as const,
    },
    { subject: 'SMS platform', site_key: 'site-b', received_at: '2026-01-03T00:00:00.000Z' },
    { subject: 'Discount 100%', site_key: 'site-b', received_at: '2026-01-04T00:00:00.000Z' },
    { subject: 'CRM demo', site_key: 'site-a', received_at: '2026-01-05T00:00:00.000Z' },
  ].entries())
    stored[n] = await storeMessage(db, fields);
  return stored;
}

describe('inboxRepository', () => {
  it('leaves out messages received before `since`, to the millisecond', async () => {
    const db = await openTestDatabase();
    await storeMessage(db, { email: 'old@example.com', received_at: '2025-12-31T23:59:59.999Z' });
    await storeMessage(db, { email: 'new@example.com', received_at: '2026-01-01T00:00:00.000Z' });
    const emails = async (since?: string) =>
      (await inboxRepository(db).list({ spam: false, since })).map((row) => row.email);
    expect(await emails()).toEqual(['new@example.com', 'old@example.com']);
    expect(await emails('2026-01-01T00:00:00.000Z')).toEqual(['new@example.com']);
  });

  it('lists newest first, by site, by dates and by words, punctuation only separating them', async () => {
    const db = await openTestDatabase();
    await inbox(db);
    const list = async (filter: Parameters<ReturnType<typeof inboxRepository>['list']>[0]) =>
      subjects(await inboxRepository(db).list(filter));
    expect(await list({ spam: false })).toEqual(['CRM demo', 'Discount 100%', 'SMS platform', 'Pricing']);
    expect(await list({ spam: true })).toEqual(['100% off_now']);
    expect(await list({ spam: false, siteKey: 'site-b' })).toEqual(['Discount 100%', 'SMS platform']);
    expect(
      await list({ spam: false, since: '2026-01-03T00:00:00.000Z', until: '2026-01-05T00:00:00.000Z' }),
    ).toEqual(['Discount 100%', 'SMS platform']);
    expect(await list({ spam: false, search: '100%' })).toEqual(['Discount 100%']);
    expect(await list({ spam: false, search: 'sms' })).toEqual(['SMS platform']);
    expect(await list({ spam: true, search: 'off_n' })).toEqual(['100% off_now']);
    expect(await list({ spam: true, search: 'f_n' })).toEqual([]);
    expect(await list({ spam: false, search: 'p_icing' })).toEqual([]);
  });

  it('pages newest first: each page continues below the last seq of the one before', async () => {
    const db = await openTestDatabase();
    await inbox(db);
    const queries = inboxRepository(db);
    const first = await queries.list({ spam: false }, { limit: 3 });
    const second = await queries.list({ spam: false }, { limit: 3, beforeSeq: first.at(-1)!.seq });
    expect(subjects(first)).toEqual(['CRM demo', 'Discount 100%', 'SMS platform']);
    expect(subjects(second)).toEqual(['Pricing']);
  });

  it('merges every status into one newest-first view, page by page and since a seq', async () => {
    const db = await openTestDatabase();
    for (let n = 1; n <= 9; n++)
      await storeMessage(db, {
        subject: `Message ${n}`,
        received_at: `2026-01-0${n}T00:00:00.000Z`,
      }).then(({ id }) =>
        db
          .updateTable('messages')
          .set({ status: messageStatuses[n % messageStatuses.length] })
          .where('id', '=', id)
          .execute(),
      );
    const queries = inboxRepository(db);
    const pages = [];
    let beforeSeq: number | undefined;
    do {
      const page = await queries.list({ spam: false }, { limit: 4, beforeSeq });
      pages.push(subjects(page).map((subject) => Number(subject.split(' ')[1])));
      beforeSeq = page.length === 4 ? page.at(-1)!.seq : undefined;
    } while (beforeSeq !== undefined);
    expect(pages).toEqual([[9, 8, 7, 6], [5, 4, 3, 2], [1]]);
    const all = await queries.list({ spam: false });
    const fifth = all.find((row) => row.subject === 'Message 5')!;
    expect(subjects(await queries.list({ spam: false }, { limit: 50, afterSeq: fifth.seq }))).toEqual([
      'Message 9',
      'Message 8',
      'Message 7',
      'Message 6',
    ]);
    expect(subjects(await queries.list({ spam: false, status: 'answered' }))).toEqual([
      'Message 6',
      'Message 2',
    ]);
  });
});
