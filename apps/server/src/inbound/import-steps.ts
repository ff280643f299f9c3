import type { Db } from '../db/database.js';
import { keyedHash } from '../security/secret-token.js';
import {
  type FiledAs,
  type InboundRepository,
  inboundRepository,
  type MailboxPlace,
} from './inbound-repository.js';

export type ImportOutcome =
  'answer' | 'message' | 'own-mail' | 'set-aside' | 'over-limit' | 'already-imported';

/** The IMAP keywords a mail handled but not filed as it came carries in the mailbox, for a person to find. */
export type MailMark = '$ImportFailed' | '$OverLimit';

/**
 * What becomes of a handled mail in the mailbox: `keep` it (moved to IMAP_MOVE_TO or flagged seen, and
 * where it went recorded under `key`, so erasing its message deletes it), `delete` it (a second copy of a
 * mail kept already, or the server's own mail about an erased message), or `leave` it to the instance
 * that is handling it.
 */
export type MailboxAction =
  { kind: 'keep'; key: string; mark?: MailMark } | { kind: 'delete' } | { kind: 'leave' };

export type Imported = { outcome: ImportOutcome; action: MailboxAction };

/** Thrown inside an import's transaction when another instance recorded the mail first: all is undone. */
class AlreadyImported extends Error {}

/** INBOUND_DAILY_LIMIT and INBOUND_DAILY_FILE_BYTES, as `MailImportOptions` names them. */
type DailyLimits = { dailyLimit: number; dailyFileBytes: number };

/**
 * What every way of filing a mail shares (decisions 029 and 082): its keys, the day's limits, and the
 * one transaction that moves the mailbox's progress on, files the mail and records its key, or finds
 * another instance did and undoes all.
 */
export function importSteps(db: Db, secret: () => string, { dailyLimit, dailyFileBytes }: DailyLimits) {
  const repository = inboundRepository(db);
  const keyOf = (purpose: string, value: string) => keyedHash(secret(), purpose, value);
  const placeKey = (place: MailboxPlace) => `${place.mailbox}\n${place.uidValidity}\n${place.uid}`;

  /** Runs `file` in a transaction that records the key, or finds another instance did: nothing then. */
  async function once(
    place: MailboxPlace,
    file: (repository: InboundRepository, trx: Db) => Promise<ImportOutcome>,
  ) {
    return db
      .transaction()
      .execute(async (trx) => {
        const inTransaction = inboundRepository(trx);
        await inTransaction.recordProgress(place);
        return file(inTransaction, trx);
      })
      .catch((error: unknown) => {
        if (error instanceof AlreadyImported) return 'already-imported' as const;
        throw error;
      });
  }

  const recordKey = async (trx: InboundRepository, key: string, filed: FiledAs) => {
    if (!(await trx.recordKey(key, filed, new Date().toISOString()))) throw new AlreadyImported();
  };

  /** A mail recorded before (read again, or a second copy): moved on by whichever instance may. */
  async function recordedBefore(key: string): Promise<Imported> {
    const claim = await repository.claimMove(key);
    const action: MailboxAction =
      claim === 'move' ? { kind: 'keep', key } : claim === 'moved' ? { kind: 'delete' } : { kind: 'leave' };
    return { outcome: 'already-imported', action };
  }

  const kept = (outcome: ImportOutcome, key: string, mark?: MailMark): Imported =>
    outcome === 'already-imported'
      ? { outcome, action: { kind: 'leave' } }
      : { outcome, action: { kind: 'keep', key, mark } };

  /** Whether the day's storage for files (INBOUND_DAILY_FILE_BYTES) still takes `bytes` more. */
  const roomFor = async (bytes: number, now: string) =>
    (await repository.fileBytesSince(now)) + bytes <= dailyFileBytes;

  /**
   * Whether the sender had INBOUND_DAILY_LIMIT mails handled in the day before `now`: filed, set aside,
   * or over the limit already.
   */
  const senderOverLimit = async (senderKey: string, now: string) =>
    (await repository.mailsOfSenderSince(senderKey, now)) >= dailyLimit;

  /** A mail past the daily limit: recorded as handled, filed nowhere, left in the mailbox flagged. */
  async function overLimit(place: MailboxPlace, key: string, filed: FiledAs): Promise<Imported> {
    const outcome = await once(place, async (trx) => {
      await recordKey(trx, key, filed);
      return 'over-limit';
    });
    return kept(outcome, key, '$OverLimit');
  }

  return { keyOf, placeKey, once, recordKey, recordedBefore, kept, roomFor, senderOverLimit, overLimit };
}

export type ImportSteps = ReturnType<typeof importSteps>;
