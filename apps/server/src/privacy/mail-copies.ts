import { normalEmail } from '@site/api-contract';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { answerNoticeKey, messageIdInMail, spamDigestDayInMail } from '../queue/mail-ids.js';
import { mailDir } from '../queue/mailer.js';

/** Which notification files to find: any one criterion is enough. */
export type MailCopyFilter = {
  /** Notifications of these messages, by the message id in the file name. */
  messageIds: readonly string[];
  /** Notifications whose Reply-To is this address: also copies whose message row is already gone. */
  replyTo?: string;
  /** Notices of these answers, by `MESSAGEID.SEQ` (answerNoticeKey): a person's in others' conversations. */
  answerNotices?: readonly string[];
  /** Files last written before this time, so their message was received before it too. */
  writtenBefore?: Date;
  /** Spam digests of these days (YYYY-MM-DD), which listed a message being erased. */
  spamDigestDays?: readonly string[];
};

const isNotificationFile = (name: string) => /\.eml(\.tmp)?$/.test(name);

/** The address in the mail's Reply-To header (the visitor), lower-case. */
function replyToAddress(eml: string): string | undefined {
  const end = eml.indexOf('\r\n\r\n');
  const headers = (end === -1 ? eml : eml.slice(0, end)).replace(/\r\n[ \t]+/g, ' ');
  const value = /^reply-to:(.*)$/im.exec(headers)?.[1];
  if (value === undefined) return undefined;
  return normalEmail(/<([^<>]*)>\s*$/.exec(value)?.[1] ?? value);
}

/** The paths of the notification files under `<dataDir>/mail` that match the filter. */
export async function findMailCopies(dataDir: string, filter: MailCopyFilter): Promise<string[]> {
  const dir = mailDir(dataDir);
  const ids = new Set(filter.messageIds);
  const answers = new Set(filter.answerNotices);
  const digestDays = new Set(filter.spamDigestDays);
  const address = filter.replyTo && normalEmail(filter.replyTo);
  const matches = async (name: string) => {
    const id = messageIdInMail(name);
    const path = join(dir, name);
    return (
      (id !== undefined && ids.has(id)) ||
      answers.has(answerNoticeKey(name) ?? '') ||
      digestDays.has(spamDigestDayInMail(name) ?? '') ||
      (address !== undefined && replyToAddress(await readFile(path, 'latin1')) === address) ||
      (filter.writtenBefore !== undefined && (await stat(path)).mtime < filter.writtenBefore)
    );
  };
  const found: string[] = [];
  for (const name of (await ifPresent(readdir(dir))) ?? []) {
    if (isNotificationFile(name) && (await ifPresent(matches(name)))) found.push(join(dir, name));
  }
  return found.sort();
}

/** The result, or undefined for a file or folder that is not there (a .tmp file renamed meanwhile). */
async function ifPresent<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Deletes the files; one already gone counts as deleted. */
export async function removeMailCopies(paths: readonly string[]): Promise<void> {
  for (const path of paths) await rm(path, { force: true });
}
