import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { type MessageStatus, messageStatuses } from '../db/types.js';
import { openTestDatabase, storeMessage } from '../test/test-database.js';
import { setByHand, type StatusChange, statusChanges } from './message-status.js';
import { messageStatusRepository } from './message-status-repository.js';

const statusOf = async (db: Db, id: string) =>
  (await db.selectFrom('messages').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

/** A message in `status`, as staff left it. */
async function messageIn(db: Db, status: MessageStatus) {
  const { id } = await storeMessage(db);
  await messageStatusRepository(db).change(id, setByHand(status));
  return id;
}

/** The status each change leaves a message in, from each status it may be in. */
const after: Record<keyof typeof statusChanges, Record<MessageStatus, MessageStatus>> = {
  opened: { new: 'read', read: 'read', answered: 'answered', archived: 'archived' },
  replied: { new: 'answered', read: 'answered', answered: 'answered', archived: 'answered' },
  answerReceived: { new: 'new', read: 'new', answered: 'new', archived: 'new' },
  takenOutOfSpam: { new: 'new', read: 'new', answered: 'new', archived: 'new' },
};

describe('messageStatusRepository', () => {
  it('a stored message is new', async () => {
    const db = await openTestDatabase();
    expect(await statusOf(db, (await storeMessage(db)).id)).toBe('new');
  });

  it('opening a new message makes it read; a reply answers it; an answer by mail or taking it out of spam makes it new, from any status', async () => {
    const db = await openTestDatabase();
    const status = messageStatusRepository(db);
    for (const [change, from] of Object.entries(after) as [
      keyof typeof after,
      Record<MessageStatus, MessageStatus>,
    ][])
      for (const before of messageStatuses) {
        const id = await messageIn(db, before);
        expect(await status.change(id, statusChanges[change])).toBe(true);
        expect({ change, before, now: await statusOf(db, id) }).toEqual({
          change,
          before,
          now: from[before],
        });
      }
  });

  it('an operator sets any status from any other', async () => {
    const db = await openTestDatabase();
    for (const before of messageStatuses)
      for (const to of messageStatuses) {
        const id = await messageIn(db, before);
        expect(await messageStatusRepository(db).change(id, setByHand(to))).toBe(true);
        expect(await statusOf(db, id)).toBe(to);
      }
  });

  it('answers false for a message that is not there, whatever the change', async () => {
    const db = await openTestDatabase();
    const changes: StatusChange[] = [...Object.values(statusChanges), setByHand('archived')];
    for (const change of changes)
      expect(await messageStatusRepository(db).change('no-such-message', change)).toBe(false);
  });
});
