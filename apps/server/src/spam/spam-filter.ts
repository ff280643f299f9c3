import { type DmarcResult, normalEmail, type SpamVerdict } from '@site/api-contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { databaseKind } from '../db/dialect.js';
import { classifierSignal } from './classifier.js';
import { contentSignals, scriptPattern } from './content-signals.js';
import { knownSenderRepository } from './known-sender-repository.js';
import { type PageTiming, timingSignals } from './page-timing.js';
import { byWeight, type Reason, reasonFor, scoreOf } from './reasons.js';
import { repetitionSignal, textFingerprint } from './repetition.js';
import { senderSignals } from './sender-signal.js';
import { lowerCaseDomain, messageTokens, normalText, type SpamText } from './spam-text.js';
import { tokenCounts } from './token-counts.js';
import { tokenHasher, tokenRepository } from './token-repository.js';
import { type CopiesToRead, verdictReadRepository } from './verdict-read-repository.js';

export type SpamSettings = {
  /** False leaves every signal but the honeypot out: the filter judges nothing (SPAM_FILTER=off). */
  filter: boolean;
  /** Points from which a message is spam. */
  threshold: number;
  /** Points from which a message that is not spam is possibly spam (at most `threshold`). */
  possiblyThreshold: number;
  /** False leaves the statistical classifier out (it still learns). */
  classifier: boolean;
  /** The scripts the site is written in (ISO 15924, e.g. Latn, Grek). */
  siteScripts: readonly string[];
};

/**
 * A message as it arrives, with what its request says about the sender; a mail's also with what DMARC
 * said of its From (undefined for a form's, and when the receiving server did not say).
 */
export type Candidate = SpamText & { honeypot: boolean; timing: PageTiming; dmarc?: DmarcResult };

export type Verdict = {
  verdict: SpamVerdict;
  /** The verdict is spam: the message is silenced. */
  spam: boolean;
  /** Null when nothing was judged (the filter is off). */
  score: number | null;
  reasons: Reason[];
  /** Keyed fingerprint of the text, stored with the message for the repetition signal. */
  fingerprint: string | null;
};

const honeypotReason = reasonFor('honeypot', 10);

/** The verdict with the filter off: only the honeypot, which needs no judgement, makes spam. */
const honeypotOnly = ({ honeypot }: Candidate): Verdict =>
  honeypot
    ? {
        verdict: 'spam',
        spam: true,
        score: honeypotReason.points,
        reasons: [honeypotReason],
        fingerprint: null,
      }
    : { verdict: 'not-spam', spam: false, score: null, reasons: [], fingerprint: null };

/** The band a score falls in; the honeypot makes spam whatever the points. */
export function verdictOf(score: number, honeypot: boolean, settings: SpamSettings): SpamVerdict {
  if (honeypot || score >= settings.threshold) return 'spam';
  return score >= settings.possiblyThreshold ? 'possibly-spam' : 'not-spam';
}

/**
 * Judges a message before it is stored. Every signal works without JavaScript; the honeypot alone makes
 * spam, otherwise the points of all signals against the threshold. A signal that fails (the database
 * gone for a moment) is left out and logged: the message is judged by the others, never lost. A sender
 * the company knows is never silenced (unless DMARC says the mail may not be theirs): what would be spam
 * is possibly spam, and the reasons say why.
 */
export function spamFilter(db: Db, secret: () => string, settings: SpamSettings) {
  const knownSenders = knownSenderRepository(db);
  const model = tokenCounts(tokenRepository(db));
  const reads = verdictReadRepository(db);
  const repetition = repetitionSignal();
  const overNetwork = databaseKind(db) === 'postgres';
  const siteScripts = scriptPattern(settings.siteScripts);
  let hashOf: ReturnType<typeof tokenHasher> | undefined;

  /**
   * Spam from a known sender becomes possibly spam; the score stays what the signals add up to. A mail
   * whose DMARC failed may not be from the address it gives: it is judged as a stranger's.
   */
  async function unlessKnown(
    verdict: Verdict,
    candidate: Candidate,
    log: FastifyBaseLogger,
  ): Promise<Verdict> {
    if (!verdict.spam || candidate.dmarc === 'fail') return verdict;
    const { email } = candidate;
    let because;
    try {
      because = await knownSenders.whyKnown(email);
    } catch (error) {
      log.warn({ reason: (error as Error).message }, 'known senders not read');
    }
    if (!because) return verdict;
    const domain = because === 'domain-answered' ? lowerCaseDomain(normalEmail(email)) : undefined;
    const known = domain
      ? reasonFor('known-sender', 0, because, domain)
      : reasonFor('known-sender', 0, because);
    return { ...verdict, verdict: 'possibly-spam', spam: false, reasons: [known, ...verdict.reasons] };
  }

  /** What the verdict reads, or undefined (logged) when the database does not answer. */
  const readOrNothing = (copies: CopiesToRead | undefined, log: FastifyBaseLogger) =>
    reads.read(copies).catch((error: Error) => {
      log.warn({ reason: error.message }, 'spam signal left out');
      return undefined;
    });

  async function judgeSignals(candidate: Candidate, log: FastifyBaseLogger, now: number): Promise<Verdict> {
    if (!settings.filter) return honeypotOnly(candidate);
    const hash = (hashOf ??= tokenHasher(secret()));
    const normalBody = normalText(candidate.body);
    const fingerprint = textFingerprint(normalBody, hash);
    const copies = fingerprint ? repetition.toRead(fingerprint, now) : undefined;
    const reading = settings.classifier || copies ? readOrNothing(copies, log) : undefined;
    // PostgreSQL's driver sends the statement once this turn's promise callbacks have run: after one
    // turn of the event loop it is on its way, and the signals below are worked out while the database
    // answers. SQLite answers within the turn: there is nothing to wait for.
    if (reading && overNetwork) await new Promise((resolve) => setImmediate(resolve));
    const reasons: Reason[] = [
      ...(candidate.honeypot ? [honeypotReason] : []),
      ...timingSignals(candidate.timing, now),
      ...contentSignals(candidate, siteScripts),
      ...senderSignals(candidate.email),
    ];
    const tokens = settings.classifier ? messageTokens(candidate, normalBody) : [];
    const read = await reading;
    if (fingerprint && (read || !copies))
      reasons.push(...repetition.reasons(fingerprint, candidate.email, now, copies && read?.senders));
    if (settings.classifier && read) {
      try {
        reasons.push(await classifierSignal(tokens, read.state, model, hash));
      } catch (error) {
        log.warn({ reason: (error as Error).message }, 'spam signal left out');
      }
    }
    const score = scoreOf(reasons);
    const verdict = verdictOf(score, candidate.honeypot, settings);
    return {
      verdict,
      spam: verdict === 'spam',
      score,
      reasons: byWeight(reasons),
      fingerprint,
    };
  }

  return async function judge(
    candidate: Candidate,
    log: FastifyBaseLogger,
    now = Date.now(),
  ): Promise<Verdict> {
    return unlessKnown(await judgeSignals(candidate, log, now), candidate, log);
  };
}

export type JudgeMessage = ReturnType<typeof spamFilter>;
