import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { newMessageId } from '../contact/message-id.js';
import { messageRepository, type NewMessage } from '../contact/message-repository.js';
import { type Db, openDatabase } from '../db/database.js';

/** A migrated database on a real SQLite file in a fresh temp folder, closed when the test ends. */
export async function openTestDatabase(): Promise<Db> {
  const db = await openDatabase(mkdtempSync(join(tmpdir(), 'data-')), 5_000);
  onTestFinished(() => db.destroy());
  return db;
}

/** Stores a message and its mails as the contact route does; `fields` override the defaults. */
export async function storeMessage(db: Db, fields: Partial<NewMessage> = {}): Promise<NewMessage> {
  const message: NewMessage = {
    id: newMessageId(),
    name: 'Jane Doe',
    email: 'jane@example.com',
    subject: 'Pricing',
    message: 'Hello there',
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
