// Debian's Dovecot as the tests' IMAP server: one process on a free loopback port, with its own
// configuration and mail folders, a mailbox for each user name that signs in with the tests' password,
// started and stopped like the tests' other real servers.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort } from './ports.ts';

const dovecotPath = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';
const START_TIMEOUT_MS = 15_000;
/** Dovecot will not keep mail as root: as root, the mail belongs to nobody. */
const NOBODY = 65_534;

export const IMAP_USER = 'support@test.example';
export const IMAP_PASSWORD = 'imap-test-password';

/** Plain IMAP on `port`; or, `tls`, IMAP over TLS only (imaps) with the certificate in `home`. */
const configOf = (home: string, port: number, uid: number, gid: number, tls: boolean) => `
protocols = imap
listen = 127.0.0.1
base_dir = ${home}/run
state_dir = ${home}/state
log_path = ${home}/dovecot.log
${tls ? `ssl = required\nssl_cert = <${home}/cert.pem\nssl_key = <${home}/key.pem` : 'ssl = no\ndisable_plaintext_auth = no'}
auth_mechanisms = plain login
mail_location = maildir:${home}/mail/%u
first_valid_uid = ${uid}
passdb {
  driver = static
  args = password=${IMAP_PASSWORD}
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${home}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${tls ? 0 : port}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${tls ? port : 0}
    ssl = yes
  }
}
service pop3-login {
  inet_listener pop3 {
    port = 0
  }
}
`;

const answers = (port: number, tls: boolean) =>
  new Promise<boolean>((resolve) => {
    const socket = tls
      ? tlsConnect({ port, host: '127.0.0.1', rejectUnauthorized: false })
      : connect(port, '127.0.0.1');
    socket.once('data', (greeting) => {
      socket.destroy();
      resolve(greeting.toString().startsWith('* OK'));
    });
    socket.once('error', () => resolve(false));
  });

/** A self-signed certificate for localhost and 127.0.0.1, valid for a day, made by openssl. */
function selfSignedCertificate(home: string) {
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost']
      .concat(['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'])
      .concat(['-keyout', join(home, 'key.pem'), '-out', join(home, 'cert.pem')]),
    { stdio: 'ignore' },
  );
  chmodSync(join(home, 'key.pem'), 0o644);
  return readFileSync(join(home, 'cert.pem'), 'utf8');
}

/** Where a running Dovecot keeps its users and mail, and how it is reached. */
export type DovecotServer = { home: string; port: number; tls: boolean; certificate?: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The project's Dovecot, on which each test gets a mailbox of its own (`startTestDovecot`). */
    sharedDovecot?: DovecotServer;
  }
}

/**
 * Dovecot on a free port, its mailbox that of `IMAP_USER`: `url` is what IMAP_URL takes. With `tls`, it
 * speaks only IMAP over TLS (`imaps://`) with a self-signed certificate, `certificate` (PEM). `stop` and
 * `start` take it down and up again on the same port and mail (a server restarting mid-fetch); `close`
 * ends it and removes its folder. `addDovecotMailbox(server)` gives other users' mailboxes on it.
 */
export async function startDovecot({ tls = false } = {}) {
  const home = mkdtempSync(join(tmpdir(), 'dovecot-'));
  const port = await freePort();
  const root = process.getuid?.() === 0;
  const uid = root ? NOBODY : process.getuid!();
  const gid = root ? NOBODY : process.getgid!();
  for (const dir of ['run', 'state', 'mail']) mkdirSync(join(home, dir));
  if (root) chownSync(join(home, 'mail'), uid, gid);
  // Dovecot's own users (dovecot, dovenull) read the configuration.
  chmodSync(home, 0o755);
  const config = join(home, 'dovecot.conf');
  const certificate = tls ? selfSignedCertificate(home) : undefined;
  writeFileSync(config, configOf(home, port, uid, gid, tls));
  let child: ChildProcess | undefined;

  async function start() {
    child = spawn(dovecotPath, ['-F', '-c', config], { stdio: 'ignore' });
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!(await answers(port, tls))) {
      if (child.exitCode !== null) throw new Error(`dovecot exited with code ${child.exitCode}`);
      if (Date.now() > deadline)
        throw new Error(`dovecot did not answer within ${START_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function stop() {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  }

  await start();
  const server: DovecotServer = { home, port, tls, certificate };
  return {
    ...mailboxOf(server, IMAP_USER),
    server,
    start,
    stop,
    async close() {
      await stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

export type RunningDovecot = Awaited<ReturnType<typeof startDovecot>>;

const refuse = () => {
  throw new Error('a mailbox on a shared Dovecot: a test that stops it starts its own (startDovecot)');
};

/**
 * A user of its own, with an empty mailbox, on a Dovecot that is running already (every user name
 * signs in with `IMAP_PASSWORD` and has its own mail folder): what `startDovecot` gives, for a fraction
 * of the time, except that `stop` and `start` refuse (others' mailboxes are on it). `close` removes its
 * mail.
 */
export function addDovecotMailbox(server: DovecotServer): RunningDovecot {
  const user = `box-${randomBytes(6).toString('hex')}@test.example`;
  return {
    ...mailboxOf(server, user),
    server,
    start: async () => refuse(),
    stop: async () => refuse(),
    close: async () => rmSync(join(server.home, 'mail', user), { recursive: true, force: true }),
  };
}

/** What a test does with one user's mailbox: its IMAP_URL, a client, delivering and listing mail. */
function mailboxOf({ port, tls, certificate }: DovecotServer, user: string) {
  /** A connected client of the user's, as a mail client is. */
  async function client() {
    const imap = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: tls,
      tls: { rejectUnauthorized: false },
      auth: { user, pass: IMAP_PASSWORD },
      logger: false,
    });
    await imap.connect();
    return imap;
  }

  return {
    port,
    url: `${tls ? 'imaps' : 'imap'}://${encodeURIComponent(user)}:${IMAP_PASSWORD}@${tls ? 'localhost' : '127.0.0.1'}:${port}/INBOX`,
    certificate,
    client,
    /** Delivers raw mails into `folder`, in order, as a mail server or a mail client does (IMAP APPEND). */
    async deliver(raw: string | Buffer | (string | Buffer)[], folder = 'INBOX') {
      const imap = await client();
      try {
        await imap.mailboxCreate(folder).catch(() => {});
        for (const mail of Array.isArray(raw) ? raw : [raw]) await imap.append(folder, mail);
      } finally {
        await imap.logout();
      }
    },
    /** The UIDs in `folder` (none when there is no such folder), their flags and Message-IDs. */
    async list(folder = 'INBOX') {
      const imap = await client();
      try {
        const lock = await imap.getMailboxLock(folder).catch(() => undefined);
        if (!lock) return [];
        try {
          const found: { uid: number; flags: string[]; messageId?: string }[] = [];
          for await (const mail of imap.fetch('1:*', { uid: true, flags: true, envelope: true }))
            found.push({
              uid: mail.uid,
              flags: [...(mail.flags ?? [])],
              messageId: mail.envelope?.messageId,
            });
          return found;
        } catch {
          return [];
        } finally {
          lock.release();
        }
      } finally {
        await imap.logout();
      }
    },
  };
}
