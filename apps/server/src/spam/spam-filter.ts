import type { SpamReason } from '@site/api-contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { classifierSignal } from './classifier.js';
import { contentSignals, scriptPattern } from './content-signals.js';
import { type PageTiming, timingSignals } from './page-timing.js';
import { byWeight, reasonFor, scoreOf } from './reasons.js';
import { repetitionSignals, textFingerprint } from './repetition.js';
import { senderSignals } from './sender-signal.js';
import { normalText, type SpamText } from './spam-text.js';
import { tokenHasher, tokenStore } from './token-store.js';

export type SpamSettings = {
  /** Points from which a message is spam. */
  threshold: number;
  /** False leaves the statistical classifier out (it still learns). */
  classifier: boolean;
  /** The scripts the site is written in (ISO 15924, e.g. Latn, Grek). */
  siteScripts: readonly string[];
};

/** A message as it arrives, with what its request says about the sender. */
export type Candidate = SpamText & { honeypot: boolean; timing: PageTiming };

export type Verdict = {
  spam: boolean;
  score: number;
  reasons: SpamReason[];
  /** Keyed fingerprint of the text, stored with the message for the repetition signal. */
  fingerprint: string | null;
};

/**
 * Judges a message before it is stored. Every signal works without JavaScript; the honeypot alone makes
 * spam, otherwise the points of all signals against the threshold. A signal that fails (the database
 * gone for a moment) is left out and logged: the message is judged by the others, never lost.
 */
export function spamFilter(db: Db, secret: () => string, settings: SpamSettings) {
  const store = tokenStore(db);
  const siteScripts = scriptPattern(settings.siteScripts);
  let hashOf: ReturnType<typeof tokenHasher> | undefined;

  return async function judge(
    candidate: Candidate,
    log: FastifyBaseLogger,
    now = Date.now(),
  ): Promise<Verdict> {
    hashOf ??= tokenHasher(secret());
    const normalBody = normalText(candidate.body);
    const fingerprint = textFingerprint(normalBody, hashOf);
    const reasons: SpamReason[] = [
      ...(candidate.honeypot
        ? [reasonFor('honeypot', 10, 'the hidden field that people never see was filled in')]
        : []),
      ...timingSignals(candidate.timing, now),
      ...contentSignals(candidate, siteScripts),
      ...senderSignals(candidate.email),
    ];
    const lookups: Promise<SpamReason | SpamReason[]>[] = [
      repetitionSignals(db, fingerprint, candidate.email, now),
    ];
    if (settings.classifier) lookups.push(classifierSignal(candidate, normalBody, store, hashOf, now));
    for (const result of await Promise.allSettled(lookups)) {
      if (result.status === 'fulfilled') reasons.push(...[result.value].flat());
      else log.warn({ reason: (result.reason as Error).message }, 'spam signal left out');
    }
    const score = scoreOf(reasons);
    return {
      spam: candidate.honeypot || score >= settings.threshold,
      score,
      reasons: byWeight(reasons),
      fingerprint,
    };
  };
}

export type JudgeMessage = ReturnType<typeof spamFilter>;
