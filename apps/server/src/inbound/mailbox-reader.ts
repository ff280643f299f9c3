import type { FastifyBaseLogger } from 'fastify';
import { ImapFlow } from 'imapflow';
import type { Db } from '../db/database.js';
import { startPollingLoop } from '../queue/polling-loop.js';
import { inboundRepository, type MailboxPlace } from './inbound-repository.js';
import type { MailboxAction } from './import-steps.js';
import type { MailImport } from './mail-import.js';

export type MailboxSettings = {
  /** IMAP_URL: imap:// or imaps://user:password@host:port/MAILBOX. */
  url: string;
  /** IMAP_MOVE_TO: the folder an imported mail is moved to; without it, it stays and is flagged seen. */
  moveTo: string | undefined;
  /** IMAP_POLL_MS: how often the mailbox is read besides what IDLE announces. */
  pollMs: number;
  /** INBOUND_MAX_BYTES: a larger mail is left in the mailbox, unread, and logged. */
  maxBytes: number;
  /** Production: an imap:// mailbox is read only after STARTTLS, never in plain text. */
  requireTls: boolean;
};

/** How often a mail may fail to be filed, the database answering, before it is set aside. */
const MAX_FAILURES = 3;

/** The mailbox reader's limits on a server that does not answer: it reconnects instead of waiting. */
const TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 10 * 60_000 };
/** IDLE is renewed this often, within the 29 minutes RFC 2177 asks of clients. */
const MAX_IDLE_MS = 5 * 60_000;
/** IDLE starts this soon after a read, so a mail that arrives next is announced (imapflow waits 15 s). */
const IDLE_AFTER_MS = 200;

const connectionOf = (url: string, requireTls: boolean) => {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  return {
    host: parsed.hostname,
    port: Number(parsed.port) || (secure ? 993 : 143),
    secure,
    // imapflow otherwise goes on in plain text when the server offers no STARTTLS (or someone strips it).
    ...(requireTls && !secure ? { doSTARTTLS: true } : {}),
    auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) },
    mailbox: decodeURIComponent(parsed.pathname.slice(1)) || 'INBOX',
  };
};

/** `wake` reads the mailbox now (erased mails' copies queued, say) instead of at the next poll. */
export type MailboxReader = { wake(): void; stop(): Promise<void> };

/**
 * Reads the company's mailbox over IMAP (decisions 029 and 034): at start, whenever IDLE says a mail
 * arrived, and every `pollMs`. Each new mail (by UID, past the progress kept in the database, or every one
 * still there when imported mails are moved out) is handled once and on its own, then moved or flagged
 * seen (or deleted, as a second copy): one that cannot be read or filed is set aside and the reader goes
 * on. A lost connection is opened again after a pause; a mail left half done is taken up again and, its
 * key already recorded, imported no second time.
 */
export function startMailboxReader(
  db: Db,
  settings: MailboxSettings,
  mails: MailImport,
  log: FastifyBaseLogger,
): MailboxReader {
  const { mailbox, ...connection } = connectionOf(settings.url, settings.requireTls);
  const repository = inboundRepository(db);
  let client: ImapFlow | undefined;

  /** The UIDs of mails left in the mailbox as too large that were logged already. */
  const leftLogged = new Set<number>();
  /** The folders whose erasures failed that were logged already (one warning each, not one a read). */
  const erasuresLogged = new Set<string>();
  /** How often each UID failed to be filed while the database answered. */
  const failures = new Map<number, number>();

  async function connected(): Promise<ImapFlow> {
    if (client?.usable) return client;
    const fresh = new ImapFlow({
      ...connection,
      ...TIMEOUTS,
      maxIdleTime: MAX_IDLE_MS,
      autoIdleDelay: IDLE_AFTER_MS,
      logger: false,
    });
    fresh.on('error', (error: Error) => log.warn({ reason: error.message }, 'mailbox connection error'));
    fresh.on('exists', () => loop.wake());
    await fresh.connect();
    if (settings.moveTo) await fresh.mailboxCreate(settings.moveTo).catch(() => undefined);
    await fresh.mailboxOpen(mailbox);
    client = fresh;
    return fresh;
  }

  /**
   * The UIDs to read and their sizes: when imported mails are moved out, every one still there (one
   * imported but not yet moved when an instance stopped is moved now); else each one past the progress.
   */
  async function pending(imap: ImapFlow, uidValidity: string) {
    const progress = await repository.progressOf(mailbox);
    const from = settings.moveTo || progress?.uid_validity !== uidValidity ? 1 : progress.last_uid + 1;
    const found: { uid: number; size: number | undefined }[] = [];
    for await (const mail of imap.fetch(`${from}:*`, { uid: true, size: true }, { uid: true }))
      if (mail.uid >= from) found.push({ uid: mail.uid, size: mail.size });
    return found.sort((a, b) => a.uid - b.uid);
  }

  /**
   * Deletes the copies of erased mails from the folders they were left in. A folder that cannot be
   * opened (renamed, say) keeps its erasures queued and is logged once; the mailbox is read all the same.
   */
  async function eraseCopies(imap: ImapFlow) {
    const erasures = await repository.erasuresDue();
    if (erasures.length === 0) return;
    for (const folder of new Set(erasures.map((erasure) => erasure.folder))) {
      const theirs = erasures.filter((erasure) => erasure.folder === folder);
      try {
        const opened = await imap.mailboxOpen(folder);
        const uids = theirs
          .filter((erasure) => erasure.uid_validity === String(opened.uidValidity))
          .map((erasure) => erasure.uid);
        if (uids.length > 0) await imap.messageDelete(uids.join(','), { uid: true });
        await repository.erasuresDone(theirs.map((erasure) => erasure.seq));
        erasuresLogged.delete(folder);
        log.info({ folder, mails: uids.length }, 'erased mails deleted from the mailbox');
      } catch (error) {
        if (!imap.usable) throw error;
        if (!erasuresLogged.has(folder))
          log.warn(
            { folder, reason: (error as Error).message },
            'erased mails not deleted yet: folder not opened',
          );
        erasuresLogged.add(folder);
      }
    }
    await imap.mailboxOpen(mailbox);
  }

  /** Leaves a mail too large to read in the mailbox, unread, and says so once. */
  async function leaveTooLarge(place: MailboxPlace, size: number) {
    if (!leftLogged.has(place.uid))
      log.warn({ uid: place.uid, size, limit: settings.maxBytes }, 'mail too large: left in the mailbox');
    leftLogged.add(place.uid);
    await repository.recordProgress(place);
  }

  /**
   * Files one mail. A failure while the connection or the database is down ends the read, to be tried
   * again; one while both answer is the mail's own, and after MAX_FAILURES of them it is set aside.
   */
  async function fileOne(imap: ImapFlow, raw: Buffer, place: MailboxPlace) {
    try {
      const imported = await mails.importRaw(raw, place);
      failures.delete(place.uid);
      return imported;
    } catch (error) {
      if (!imap.usable || !(await repository.answers())) throw error;
      const failed = (failures.get(place.uid) ?? 0) + 1;
      failures.set(place.uid, failed);
      log.warn({ uid: place.uid, failed, reason: (error as Error).message }, 'mail not filed');
      if (failed < MAX_FAILURES) return undefined;
      failures.delete(place.uid);
      return mails.setAside(raw, place, `filing it failed ${failed} times`);
    }
  }

  /** Moves a handled mail out (or flags it seen), marked if it was not filed as it came, and records where. */
  async function settle(imap: ImapFlow, place: MailboxPlace, action: MailboxAction) {
    const uid = String(place.uid);
    if (action.kind === 'leave') return;
    if (action.kind === 'delete') {
      await imap.messageDelete(uid, { uid: true });
      return;
    }
    // A server that takes no keywords still gets the mail moved or flagged.
    if (action.mark) await imap.messageFlagsAdd(uid, [action.mark], { uid: true }).catch(() => false);
    if (!settings.moveTo) {
      await imap.messageFlagsAdd(uid, ['\\Seen'], { uid: true });
      await repository.recordCopy(action.key, {
        folder: mailbox,
        uidValidity: place.uidValidity,
        uid: place.uid,
      });
      return;
    }
    const moved = await imap.messageMove(uid, settings.moveTo, { uid: true });
    const movedUid = moved ? moved.uidMap?.get(place.uid) : undefined;
    if (moved && moved.uidValidity !== undefined && movedUid !== undefined)
      await repository.recordCopy(action.key, {
        folder: settings.moveTo,
        uidValidity: String(moved.uidValidity),
        uid: movedUid,
      });
  }

  async function readOnce(stopped: () => boolean) {
    const imap = await connected();
    await eraseCopies(imap);
    if (!imap.mailbox) throw new Error('the mailbox is not open');
    const uidValidity = String(imap.mailbox.uidValidity);
    for (const { uid, size } of await pending(imap, uidValidity)) {
      if (stopped()) return;
      const place: MailboxPlace = { mailbox, uidValidity, uid };
      if (size !== undefined && size > settings.maxBytes) {
        await leaveTooLarge(place, size);
        continue;
      }
      // The server's size is not trusted: no more than the limit and one byte is fetched.
      const fetched = await imap.fetchOne(
        String(uid),
        { source: { maxLength: settings.maxBytes + 1 } },
        { uid: true },
      );
      if (!fetched || !fetched.source) continue;
      if (fetched.source.length > settings.maxBytes) {
        await leaveTooLarge(place, fetched.source.length);
        continue;
      }
      const imported = await fileOne(imap, fetched.source, place);
      if (!imported) continue;
      if (imported.outcome !== 'already-imported')
        log.info({ uid, outcome: imported.outcome }, 'mail handled');
      await settle(imap, place, imported.action);
    }
  }

  // One read at a time; a mail announced during one is read right after it.
  const loop = startPollingLoop(
    'mailbox reader',
    async (stopped) => {
      try {
        await readOnce(stopped);
      } catch (error) {
        log.warn({ reason: (error as Error).message }, 'mailbox not read: trying again later');
        const broken = client;
        client = undefined;
        await broken?.logout().catch(() => broken.close());
      }
    },
    { pollMs: settings.pollMs, log, close: () => client?.logout().catch(() => client?.close()) },
  );

  return { wake: loop.wake, stop: loop.stop };
}
