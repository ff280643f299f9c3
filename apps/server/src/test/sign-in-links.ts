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

/** The sign-in links mailed as .eml files to `to` and still held there, oldest first: [url, token]. */
export async function mailedSignInLinks(dataDir: string, to: string): Promise<[string, string][]> {
  const dir = mailDir(dataDir);
  const found: [number, string, string][] = [];
  for (const name of await signInMailFiles(dataDir)) {
    const path = join(dir, name);
    // The server takes a copy back once its link is dead: it may go while this reads it.
    const [raw, info] = await Promise.all([readFile(path), stat(path)]).catch(() => []);
    if (!raw || !info) continue;
    const mail = await simpleParser(raw);
    const address = [mail.to ?? []].flat().flatMap((field) => field.value.map((entry) => entry.address));
    const url = mail.text?.split('\n').find((line) => linkToken.test(line));
    if (url && address.includes(to)) found.push([info.mtimeMs, url.trim(), linkToken.exec(url)![1]!]);
  }
  return found.sort((a, b) => a[0] - b[0]).map(([, url, token]) => [url, token]);
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

/** Every mail held in DATA_DIR/mail for `to`, oldest first, as its reader sees it. */
export async function mailsTo(dataDir: string, to: string): Promise<{ subject: string; text: string }[]> {
  const dir = mailDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const found: [number, { subject: string; text: string }][] = [];
  for (const name of names.filter((each) => each.endsWith('.eml'))) {
    const path = join(dir, name);
    const [raw, info] = await Promise.all([readFile(path), stat(path)]).catch(() => []);
    if (!raw || !info) continue;
    const mail = await simpleParser(raw);
    const address = [mail.to ?? []].flat().flatMap((field) => field.value.map((entry) => entry.address));
    if (address.includes(to))
      found.push([info.mtimeMs, { subject: mail.subject ?? '', text: mail.text ?? '' }]);
  }
  return found.sort((a, b) => a[0] - b[0]).map(([, mail]) => mail);
}

/** The link an `operator invite ... --print-link` printed: [url, token]. */
export function printedSignInLink(output: string): [string, string] {
  const url = output.split('\n').find((line) => linkToken.test(line));
  if (!url) throw new Error(`no sign-in link in: ${output}`);
  return [url, linkToken.exec(url)![1]!];
}
