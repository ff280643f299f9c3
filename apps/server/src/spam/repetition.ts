import { DAY_MS } from '../time.js';
import { type Reason, reasonFor } from './reasons.js';
import { lettersOf } from './text-letters.js';
import type { TokenHasher } from './token-repository.js';
import type { CopiesToRead } from './verdict-read-repository.js';

/** Shorter texts ("Please call me back") are sent alike by different people. */
const MIN_LETTERS = 40;

/**
 * The normalised text reduced to its letters, keyed-hashed: the same or nearly the same text (other
 * spacing, punctuation, digits, case) gives the same fingerprint; null for a short text.
 */
export function textFingerprint(normalBody: string, hashOf: TokenHasher): string | null {
  if (normalBody.length < MIN_LETTERS) return null;
  const letters = lettersOf(normalBody);
  return letters.length >= MIN_LETTERS ? hashOf(`text:${letters}`) : null;
}

/**
 * The newest copies of one fingerprint the signal reads. A flood of one text must not make each of its
 * requests read every earlier copy (decision 026): the newest few show a campaign as well.
 */
const RECENT_COPIES = 10;
/**
 * How long an instance trusts what it read of a fingerprint's senders, adding the ones it judges itself:
 * a flood of one text then costs one read a second, not one a request; another instance's copies are
 * seen at most this late.
 */
const REREAD_MS = 1000;
/** The fingerprints remembered at most (the oldest read is forgotten first). */
const MAX_REMEMBERED = 1000;

type Remembered = { readAt: number; senders: string[] };

/**
 * The repetition signal: the same text sent from other addresses within a day, one campaign pasted by a
 * bot or a paid hand. The filter asks what to read of a text's copies (`toRead`), reads it in the
 * verdict's one statement (verdict-read-repository.ts), and hands the senders read to `reasons`, with
 * the sender whose copy is about to be stored.
 */
export function repetitionSignal() {
  /** Per fingerprint: the newest senders (lower-case, newest first) and when they were read. */
  const remembered = new Map<string, Remembered>();

  function fresh(fingerprint: string, now: number): Remembered | undefined {
    const known = remembered.get(fingerprint);
    return known && now >= known.readAt && now - known.readAt < REREAD_MS ? known : undefined;
  }

  function remember(fingerprint: string, now: number, senders: readonly string[]): Remembered {
    const read = { readAt: now, senders: senders.map((email) => email.toLowerCase()) };
    remembered.delete(fingerprint);
    remembered.set(fingerprint, read);
    if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
    return read;
  }

  return {
    /** The copies of the text a verdict at `now` must read: none while what was read of it is fresh. */
    toRead(fingerprint: string, now: number): CopiesToRead | undefined {
      if (fresh(fingerprint, now)) return undefined;
      return { fingerprint, since: new Date(now - DAY_MS).toISOString(), limit: RECENT_COPIES };
    },

    /**
     * The reasons for `email`'s copy of the text: from `read`, the senders `toRead` asked for, or else
     * from what was read of it less than a second ago (forgotten only if a thousand other texts were read
     * in between: then as if none had been sent).
     */
    reasons(fingerprint: string, email: string, now: number, read?: readonly string[]): Reason[] {
      const newest = read
        ? remember(fingerprint, now, read)
        : (fresh(fingerprint, now) ?? remember(fingerprint, now, []));
      const own = email.toLowerCase();
      const senders = new Set(newest.senders.filter((other) => other !== own)).size;
      newest.senders = [own, ...newest.senders].slice(0, RECENT_COPIES);
      if (senders === 0) return [];
      return [reasonFor('repeated-text', senders >= 3 ? 4 : 2, senders)];
    },
  };
}
