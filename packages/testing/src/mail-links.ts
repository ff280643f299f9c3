// The one reader of the mails the server sent in a test, wherever they were caught: the .eml files it
// writes to DATA_DIR/mail without SMTP_URL, or the SMTP sink's raw mails; and of the links in them (and in
// what `operator invite --print-link` printed).
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser } from 'mailparser';
import type { ReceivedMail } from './mail.ts';

/** A mail as its reader sees it. */
export type ReadMail = { to: string[]; subject: string; text: string };

/** The .eml folder of a data directory (the server's `mailDir`). */
export const mailFolder = (dataDir: string) => join(resolve(dataDir), 'mail');

/** Parses a raw mail (a sink's, or an .eml file's bytes). */
export async function readMail(raw: string | Buffer): Promise<ReadMail> {
  const mail = await simpleParser(raw);
  const to = [mail.to ?? []].flat().flatMap((field) => field.value.map((entry) => entry.address ?? ''));
  return { to, subject: mail.subject ?? '', text: mail.text ?? '' };
}

export type MailLink = { url: string; token: string };

const signInLink = /https?:\/\/\S+#token=([\w-]{43})/;
const confirmationLink = /https?:\/\/\S+?\/confirm-subscription\?token=([^\s&]+)\S*/;

const linkIn = (pattern: RegExp, text: string): MailLink | undefined => {
  const found = pattern.exec(text);
  return found ? { url: found[0], token: found[1]! } : undefined;
};

/** The sign-in link in a mail's text or a command's output: the page with the one-time `#token=`. */
export const signInLinkIn = (text: string) => linkIn(signInLink, text);

/** The consent confirmation link in a mail's text: the page with `?token=`. */
export const confirmationLinkIn = (text: string) => linkIn(confirmationLink, text);

/** The link an `operator invite ... --print-link` printed: [url, token]. */
export function printedSignInLink(output: string): [string, string] {
  const link = signInLinkIn(output);
  if (!link) throw new Error(`no sign-in link in: ${output}`);
  return [link.url, link.token];
}

const isEml = (name: string) => name.endsWith('.eml');
const isSignInMail = (name: string) => name.startsWith('sign-in-') && isEml(name);

/** The names of the .eml files in DATA_DIR/mail that `names` keeps; none while the folder is missing. */
async function mailFiles(dataDir: string, names: (name: string) => boolean) {
  return (await readdir(mailFolder(dataDir)).catch(() => [] as string[])).filter(names);
}

/** The .eml files of sign-in mails in DATA_DIR/mail, whoever they went to. */
export const signInMailFiles = (dataDir: string) => mailFiles(dataDir, isSignInMail);

/** The mails held as .eml files in DATA_DIR/mail for `to` (of the files `names` keeps), oldest first. */
async function heldMails(dataDir: string, to: string, names = isEml) {
  const found: [number, ReadMail][] = [];
  for (const name of await mailFiles(dataDir, names)) {
    const path = join(mailFolder(dataDir), name);
    // The server takes a sign-in mail's copy back once its link is dead: it may go while this reads it.
    const [raw, info] = await Promise.all([readFile(path), stat(path)]).catch(() => []);
    if (!raw || !info) continue;
    const mail = await readMail(raw);
    if (mail.to.includes(to)) found.push([info.mtimeMs, mail]);
  }
  return found.sort((a, b) => a[0] - b[0]).map(([, mail]) => mail);
}

/** Every mail held in DATA_DIR/mail for `to`, oldest first, as its reader sees it. */
export const mailsTo = (dataDir: string, to: string) => heldMails(dataDir, to);

/** The sign-in links mailed as .eml files to `to` and still held there, oldest first: [url, token]. */
export async function mailedSignInLinks(dataDir: string, to: string): Promise<[string, string][]> {
  const mails = await heldMails(dataDir, to, isSignInMail);
  return mails.flatMap(({ text }) => {
    const link = signInLinkIn(text);
    return link ? [[link.url, link.token] as [string, string]] : [];
  });
}

/**
 * Waits up to `ms` for a link to `to` other than the `known` ones (the outbox mails a link asked for at
 * its next poll), and gives the newest one's token.
 */
export async function awaitSignInLink(dataDir: string, to: string, known: string[] = [], ms = 5000) {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(20)) {
    const fresh = (await mailedSignInLinks(dataDir, to)).filter(([, token]) => !known.includes(token));
    if (fresh.length > 0) return fresh.at(-1)![1];
  }
  throw new Error(`no new sign-in link to ${to} within ${ms} ms`);
}

/**
 * Waits up to `ms` for the consent confirmation mail of message `id` in DATA_DIR/mail, and gives the
 * link in it.
 */
export async function awaitConfirmationLink(dataDir: string, id: string, ms = 5000): Promise<URL> {
  const isConfirmation = (name: string) => name.startsWith(`consent-${id}@`) && isEml(name);
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(50)) {
    const [file] = await mailFiles(dataDir, isConfirmation);
    if (!file) continue;
    const { text } = await readMail(await readFile(join(mailFolder(dataDir), file)));
    const link = confirmationLinkIn(text);
    if (!link) throw new Error(`no confirmation link in ${file}`);
    return new URL(link.url);
  }
  throw new Error(`no confirmation mail for ${id} within ${ms} ms`);
}

/** The mails an SMTP sink received for `to` that carry a sign-in link (others tell of passkeys). */
export const sinkSignInMails = (mails: readonly ReceivedMail[], to: string) =>
  mails.filter((mail) => mail.to.includes(to) && mail.raw.includes('#token='));

/** The sign-in link in a mail an SMTP sink received, as the operator's mail client shows it. */
export async function sinkSignInLink(mail: ReceivedMail): Promise<string | undefined> {
  return signInLinkIn((await readMail(mail.raw)).text)?.url;
}
