import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';

export type Mailer = {
  /** Delivers the mail or throws; returns where it went (an SMTP answer or a file path). */
  deliver(mail: Mail.Options): Promise<string>;
  /** Takes back the mail with this Message-ID, where that is still possible: its message was erased. */
  withdraw(messageId: string): Promise<void>;
  close(): void;
};

/**
 * Bounds on one delivery, unless the URL sets its own: a stalled mail server fails the attempt (it is
 * retried) well within the outbox lease, so no other instance sends the same mail meanwhile.
 */
const smtpDefaults = {
  pool: 'true',
  connectionTimeout: '20000',
  greetingTimeout: '20000',
  socketTimeout: '60000',
};

/**
 * Sends through the SMTP server at `url` (smtp:// or smtps://) over pooled connections: a new
 * connection costs about 100 ms before the first byte of mail, a pooled one about 2 ms.
 */
export function smtpMailer(url: string): Mailer {
  const pooled = new URL(url);
  for (const [name, value] of Object.entries(smtpDefaults))
    if (!pooled.searchParams.has(name)) pooled.searchParams.set(name, value);
  const transport = nodemailer.createTransport(pooled.toString());
  return {
    async deliver(mail) {
      const info = await transport.sendMail(mail);
      return info.response;
    },
    // What a mail server has accepted is out of reach.
    withdraw: async () => {},
    close: () => transport.close(),
  };
}

/** Where fileMailer writes. */
export const mailDir = (dataDir: string) => join(resolve(dataDir), 'mail');

/** Without SMTP: writes each mail as an .eml file under `<dataDir>/mail/`, so nothing is lost. */
export function fileMailer(dataDir: string): Mailer {
  const dir = mailDir(dataDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const pathOf = (messageId: string) => join(dir, `${messageId.replace(/[^\w.@-]/g, '')}.eml`);
  return {
    async deliver(mail) {
      const info = await transport.sendMail(mail);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const path = pathOf(String(mail.messageId ?? Date.now()));
      await writeFile(`${path}.tmp`, info.message as Buffer, { mode: 0o600 });
      await rename(`${path}.tmp`, path);
      return path;
    },
    async withdraw(messageId) {
      const path = pathOf(messageId);
      await rm(`${path}.tmp`, { force: true });
      await rm(path, { force: true });
    },
    close: () => transport.close(),
  };
}
