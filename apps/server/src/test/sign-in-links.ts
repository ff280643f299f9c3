import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser } from 'mailparser';
import { mailDir } from '../notifications/mailer.js';

const linkToken = /#token=([\w-]{43})/;

/** The .eml files of sign-in mails in DATA_DIR/mail, whoever they went to. */
export async function signInMailFiles(dataDir: string): Promise<string[]> {
  const names = await readdir(mailDir(dataDir)).catch(() => [] as string[]);
  return names.filter((name) => name.startsWith('sign-in-') && name.endsWith('.eml'));
}

type HeldMail = { subject: string; text: string };

/** The mails held as .eml files in DATA_DIR/mail for `to` (of the files `names` keeps), oldest first. */
async function heldMails(dataDir: string, to: string, names = (name: string) => name.endsWith('.eml')) {
  const dir = mailDir(dataDir);
  const found: [number, HeldMail][] = [];
  for (const name of (await readdir(dir).catch(() => [] as string[])).filter(names)) {
    const path = join(dir, name);
    // The server takes a sign-in mail's copy back once its link is dead: it may go while this reads it.
    const [raw, info] = await Promise.all([readFile(path), stat(path)]).catch(() => []);
    if (!raw || !info) continue;
    const mail = await simpleParser(raw);
    const address = [mail.to ?? []].flat().flatMap((field) => field.value.map((entry) => entry.address));
    if (address.includes(to))
      found.push([info.mtimeMs, { subject: mail.subject ?? '', text: mail.text ?? '' }]);
  }
  return found.sort((a, b) => a[0] - b[0]).map(([, mail]) => mail);
}

/** Every mail held in DATA_DIR/mail for `to`, oldest first, as its reader sees it. */
export const mailsTo = (dataDir: string, to: string) => heldMails(dataDir, to);

/** The sign-in links mailed as .eml files to `to` and still held there, oldest first: [url, token]. */
export async function mailedSignInLinks(dataDir: string, to: string): Promise<[string, string][]> {
  const mails = await heldMails(dataDir, to, (name) => name.startsWith('sign-in-') && name.endsWith('.eml'));
  return mails.flatMap(({ text }) => {
    const url = text.split('\n').find((line) => linkToken.test(line));
    return url ? [[url.trim(), linkToken.exec(url)![1]!] as [string, string]] : [];
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

/** The link an `operator invite ... --print-link` printed: [url, token]. */
export function printedSignInLink(output: string): [string, string] {
  const url = output.split('\n').find((line) => linkToken.test(line));
  if (!url) throw new Error(`no sign-in link in: ${output}`);
  return [url, linkToken.exec(url)![1]!];
}
