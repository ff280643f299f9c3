import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser } from 'mailparser';
import { mailDir } from '../notifications/mailer.js';

const linkToken = /#token=([\w-]{43})/;

/** The sign-in links mailed as .eml files to `to`, oldest first: [url, token]. */
export async function mailedSignInLinks(dataDir: string, to: string): Promise<[string, string][]> {
  const dir = mailDir(dataDir);
  const names = (await readdir(dir).catch(() => [] as string[])).filter(
    (name) => name.startsWith('sign-in-') && name.endsWith('.eml'),
  );
  const links: [string, string][] = [];
  for (const name of names) {
    const mail = await simpleParser(await readFile(join(dir, name)));
    const address = [mail.to ?? []].flat().flatMap((field) => field.value.map((entry) => entry.address));
    const url = mail.text?.split('\n').find((line) => linkToken.test(line));
    if (url && address.includes(to)) links.push([url.trim(), linkToken.exec(url)![1]!]);
  }
  return links;
}

/** Waits up to `ms` for the `count`-th link to `to` (the server mails after answering). */
export async function awaitSignInLink(dataDir: string, to: string, count = 1, ms = 5000): Promise<string> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(20)) {
    const links = await mailedSignInLinks(dataDir, to);
    if (links.length >= count) return links[count - 1]![1];
  }
  throw new Error(`no sign-in link #${count} to ${to} within ${ms} ms`);
}
