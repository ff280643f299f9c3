import { sampleMessage } from '@site/testing/sample-message';
import { onTestFinished } from 'vitest';
import { newMessageId } from '../contact/message-id.js';
import { messageRepository, type NewMessage } from '../contact/message-repository.js';
import { type Db, openDatabase } from '../db/database.js';
import { createTestStorage, type TestStorage } from './test-storage.js';

/** A migrated database of the kind under test, fresh for this test and closed when it ends. */
export const openTestDatabase = async (): Promise<Db> => openStorageDatabase(await createTestStorage());

/** A connection to the test's storage, as one more server instance opens it; closed when the test ends. */
export async function openStorageDatabase(storage: TestStorage): Promise<Db> {
  const db = await openDatabase({
    dataDir: storage.dataDir,
    lockTimeoutMs: 5_000,
    url: storage.settings.DATABASE_URL,
  });
  onTestFinished(() => db.destroy());
  return db;
}
/** Stores a message and its mails as the contact route does; `fields` override the defaults. */
export async function storeMessage(db: Db, fields: Partial<NewMessage> = {}): Promise<NewMessage> {
  const message: NewMessage = {
    id: newMessageId(),
    ...sampleMessage,
    marketing_consent: 0,
    consent_at: null,
    site_key: 'test-site-key-0001',
    ip: '127.0.0.1',
    user_agent: '',
    received_at: '2026-01-01T00:00:00.000Z',
    spam: 0,
    ...fields,
  };
  await messageRepository(db, { consentConfirmDays: 7 }).insert(message);
  return message;
}
