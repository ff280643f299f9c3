import type { FastifyBaseLogger } from 'fastify';
import { ImapFlow } from 'imapflow';
import type { Db } from '../db/database.js';
import { readInboundMail } from './inbound-mail.js';
import { claimMove, type ImportMail, type MailboxPlace, recordMove, recordProgress } from './mail-import.js';

export type MailboxSettings = {
  /** IMAP_URL: imap:// or imaps://user:password@host:port/MAILBOX. */
  url: string;
  /** IMAP_MOVE_TO: the folder an imported mail is moved to; without it, it stays and is flagged seen. */
  moveTo: string | undefined;
  /** IMAP_POLL_MS: how often the mailbox is read besides what IDLE announces. */
  pollMs: number;
  /** INBOUND_MAX_BYTES: a larger mail is left in the mailbox, unread, and logged. */
  maxBytes: number;
  /** INBOUND_ATTACHMENT_MAX_BYTES: a larger file of a mail is left out and named in its text. */
  maxAttachmentBytes: number;
};

/** The mailbox reader's limits on a server that does not answer: it reconnects instead of waiting. */
const TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 10 * 60_000 };
/** IDLE is renewed this often, within the 29 minutes RFC 2177 asks of clients. */
const MAX_IDLE_MS = 5 * 60_000;
/** IDLE starts this soon after a read, so a mail that arrives next is announced (imapflow waits 15 s). */
const IDLE_AFTER_MS = 200;

const connectionOf = (url: string) => {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  return {
    host: parsed.hostname,
    port: Number(parsed.port) || (secure ? 993 : 143),
    secure,
    auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) },
    mailbox: decodeURIComponent(parsed.pathname.slice(1)) || 'INBOX',
  };
};

export type MailboxReader = { stop(): Promise<void> };

/**
 * Reads the company's mailbox over IMAP (decision 029): at start, whenever IDLE says a mail arrived, and
 * every `pollMs`. Each new mail (by UID, past the progress kept in the database, or every one still there
 * when imported mails are moved out) is imported once, then flagged seen or moved. A lost connection is
 * opened again after a pause; a mail left half done is taken up again and, its key already recorded,
 * imported no second time.
 */
export function startMailboxReader(
  db: Db,
  settings: MailboxSettings,
  importMail: ImportMail,
  log: FastifyBaseLogger,
): MailboxReader {
  const { mailbox, ...connection } = connectionOf(settings.url);
  let client: ImapFlow | undefined;
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** The UIDs of mails left in the mailbox (too large, no sender) that were logged already. */
  const leftLogged = new Set<number>();

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
    fresh.on('exists', () => void read());
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
    const progress = await db
      .selectFrom('mailbox_state')
      .select(['uid_validity', 'last_uid'])
      .where('mailbox', '=', mailbox)
      .executeTakeFirst();
    const from = settings.moveTo || progress?.uid_validity !== uidValidity ? 1 : progress.last_uid + 1;
    const found: { uid: number; size: number }[] = [];
    for await (const mail of imap.fetch(`${from}:*`, { uid: true, size: true }, { uid: true }))
      if (mail.uid >= from) found.push({ uid: mail.uid, size: mail.size ?? 0 });
    return found.sort((a, b) => a.uid - b.uid);
  }

  /** Deletes the moved copies of erased mails from the folder they were moved to. */
  async function eraseCopies(imap: ImapFlow) {
    const erasures = await db.selectFrom('mailbox_erasures').selectAll().orderBy('seq').limit(500).execute();
    if (erasures.length === 0) return;
    for (const folder of new Set(erasures.map((erasure) => erasure.folder))) {
      const opened = await imap.mailboxOpen(folder);
      const theirs = erasures.filter((erasure) => erasure.folder === folder);
      const uids = theirs
        .filter((erasure) => erasure.uid_validity === String(opened.uidValidity))
        .map((erasure) => erasure.uid);
      if (uids.length > 0) await imap.messageDelete(uids.join(','), { uid: true });
      await db
        .deleteFrom('mailbox_erasures')
        .where(
          'seq',
          'in',
          theirs.map((erasure) => erasure.seq),
        )
        .execute();
      log.info({ folder, mails: uids.length }, 'erased mails deleted from the mailbox');
    }
    await imap.mailboxOpen(mailbox);
  }

  async function readOnce() {
    const imap = await connected();
    await eraseCopies(imap);
    if (!imap.mailbox) throw new Error('the mailbox is not open');
    const uidValidity = String(imap.mailbox.uidValidity);
    for (const { uid, size } of await pending(imap, uidValidity)) {
      if (stopped) return;
      const place: MailboxPlace = { mailbox, uidValidity, uid };
      if (size > settings.maxBytes) {
        if (!leftLogged.has(uid))
          log.warn({ uid, size, limit: settings.maxBytes }, 'mail too large: left in the mailbox');
        leftLogged.add(uid);
        await recordProgress(db, place);
        continue;
      }
      const fetched = await imap.fetchOne(String(uid), { source: true }, { uid: true });
      if (!fetched || !fetched.source) continue;
      const { outcome, key } = await importMail(
        await readInboundMail(fetched.source, settings.maxAttachmentBytes),
        place,
      );
      if (outcome === 'no-sender') {
        if (!leftLogged.has(uid)) log.warn({ uid }, 'mail with no sender address: left in the mailbox');
        leftLogged.add(uid);
        continue;
      }
      if (outcome !== 'already-imported') log.info({ uid, outcome }, 'mail imported');
      if (!settings.moveTo) await imap.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
      else if (outcome !== 'already-imported' || (await claimMove(db, key))) {
        const moved = await imap.messageMove(String(uid), settings.moveTo, { uid: true });
        const movedUid = moved ? moved.uidMap?.get(uid) : undefined;
        if (moved && moved.uidValidity !== undefined && movedUid !== undefined)
          await recordMove(db, key, settings.moveTo, String(moved.uidValidity), movedUid);
      }
    }
  }

  /** One read at a time; a call while one runs asks for another after it. */
  function read(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await readOnce();
        } catch (error) {
          log.warn({ reason: (error as Error).message }, 'mailbox not read: trying again later');
          const broken = client;
          client = undefined;
          await broken?.logout().catch(() => broken.close());
          break;
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const poll = async () => {
    await read();
    if (!stopped) timer = setTimeout(poll, settings.pollMs);
  };
  void poll();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await client?.logout().catch(() => client?.close());
    },
  };
}
