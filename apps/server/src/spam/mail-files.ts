import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { SpamText } from './spam-text.js';

/** A mail file or mbox larger than this is refused, not read into memory. */
const MAX_FILE_BYTES = 256 * 1024 * 1024;
/** HTML beyond this is not turned into text (a hostile mail can be all markup). */
const MAX_HTML_CHARS = 1_000_000;

/** The paths of the files under `path` (itself, when it is a file), in name order, dot-files left out. */
async function filesUnder(path: string): Promise<string[]> {
  if (!(await stat(path)).isDirectory()) return [path];
  const names = (await readdir(path)).filter((name) => !name.startsWith('.')).sort();
  return (await Promise.all(names.map((name) => filesUnder(join(path, name))))).flat();
}

/**
 * The mails in one file: an mbox (each mail after a "From " line, as mail programs keep folders; a
 * ">From " quoted in a body is unquoted) or a single mail as an .eml file is.
 */
export function mailsInFile(content: Buffer): Buffer[] {
  const text = content.toString('latin1');
  if (!text.startsWith('From ')) return [content];
  return text
    .split(/\r?\n(?=From [^\r\n]*\r?\n)/)
    .map((mail) => mail.slice(mail.indexOf('\n') + 1).replace(/^>(>*From )/gm, '$1'))
    .filter((mail) => mail.trim() !== '')
    .map((mail) => Buffer.from(mail, 'latin1'));
}

/** What a contact form would carry of a mail: the sender's name and address, subject, body as plain text. */
export async function spamTextOfMail(mail: Buffer): Promise<SpamText> {
  const parsed = await simpleParser(mail, {
    skipImageLinks: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    maxHtmlLengthToParse: MAX_HTML_CHARS,
  });
  const sender = parsed.from?.value[0];
  return {
    name: sender?.name ?? '',
    email: sender?.address ?? '',
    subject: parsed.subject ?? '',
    body: parsed.text ?? '',
  };
}

/** Every mail in the files at `path` (a file or a folder of them) as the filter reads it; `skipped` counts unreadable ones. */
export async function readMailTexts(path: string): Promise<{ texts: SpamText[]; skipped: number }> {
  const texts: SpamText[] = [];
  let skipped = 0;
  for (const file of await filesUnder(path)) {
    if ((await stat(file)).size > MAX_FILE_BYTES) {
      skipped++;
      continue;
    }
    for (const mail of mailsInFile(await readFile(file))) {
      try {
        texts.push(await spamTextOfMail(mail));
      } catch {
        skipped++;
      }
    }
  }
  return { texts, skipped };
}
