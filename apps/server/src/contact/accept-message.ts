import {
  contactErrors,
  contactFieldErrors,
  type ContactMessage,
  contactMessageSchema,
  defaultLanguage,
  isLanguage,
  type Language,
  normalEmail,
} from '@site/api-contract';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { newMessageId } from './message-id.js';
import type { InsertResult, MessageRepository } from './message-repository.js';
import type { RateLimitGate } from './rate-limit-gate.js';
import type { PageTiming } from '../spam/page-timing.js';
import type { JudgeMessage, Verdict } from '../spam/spam-filter.js';
import { verdictColumns } from '../spam/message-verdict.js';
import { spamTextOf } from '../spam/spam-training.js';
import type { FindVisitSource } from '../analytics/visit-source.js';

export type Submission = {
  siteKey: unknown;
  /** The message as sent: validated here. */
  message: unknown;
  ip: string;
  userAgent: string;
  /** When this client was first served a page, as its signed cookie tells. */
  timing: PageTiming;
};

/** What became of a message, whichever way it came (JSON from the scripts or a plain form post). */
export type Outcome =
  | { kind: 'stored'; id: string }
  | { kind: 'unknown-site' }
  | { kind: 'rate-limited'; waitSeconds: number }
  | { kind: 'invalid'; fields: Record<string, string>; language: Language }
  | { kind: 'unavailable' };

type Options = {
  repository: MessageRepository;
  gate: RateLimitGate;
  judge: JudgeMessage;
  siteKeys: readonly string[];
  /** The visit the sender came from (analytics): kept with the message. */
  visitSource?: FindVisitSource;
  onStored?: () => void;
};

/** The language a message that did not validate asked for, when it names one; the errors are in it. */
function languageOf(message: unknown): Language {
  const language = (message as { language?: unknown } | null)?.language;
  return isLanguage(language) ? language : defaultLanguage;
}

/**
 * Site key and validation, then the rate limit (a sender over it is refused before its message is judged),
 * the spam filter, and the rate limit again with a durable commit in one transaction; only a committed
 * message is 'stored'.
 */
export function messageAcceptor({ repository, gate, judge, siteKeys, visitSource, onStored }: Options) {
  return async function accept(submission: Submission, log: FastifyBaseLogger): Promise<Outcome> {
    const { siteKey } = submission;
    if (typeof siteKey !== 'string' || !siteKeys.includes(siteKey)) return { kind: 'unknown-site' };

    const parsed = contactMessageSchema.safeParse(submission.message);
    if (!parsed.success) {
      const language = languageOf(submission.message);
      const fields = contactFieldErrors(parsed.error.issues, language, contactErrors[language]);
      return { kind: 'invalid', fields, language };
    }
    return gate.inTurn(submission.ip, () => judgeAndStore(submission, parsed.data, siteKey, log));
  };

  async function judgeAndStore(
    submission: Submission,
    message: ContactMessage,
    siteKey: string,
    log: FastifyBaseLogger,
  ): Promise<Outcome> {
    const now = Date.now();
    const receivedAt = new Date(now).toISOString();
    const id = newMessageId(now);
    let result: InsertResult;
    let verdict: Verdict;
    try {
      const waitSeconds = await gate.secondsToWait(submission.ip, now);
      if (waitSeconds > 0) return { kind: 'rate-limited', waitSeconds };
      verdict = await judge(
        { ...spamTextOf(message), honeypot: message.website !== '', timing: submission.timing },
        log,
        now,
      );
      const source = await sourceOf(submission, log);
      result = await repository.insert({
        id,
        name: message.name,
        email: normalEmail(message.email),
        subject: message.subject,
        message: message.message,
        marketing_consent: message.marketingConsent ? 1 : 0,
        consent_at: message.marketingConsent ? receivedAt : null,
        site_key: siteKey,
        ip: submission.ip,
        user_agent: submission.userAgent,
        received_at: receivedAt,
        language: message.language,
        ...source,
        ...verdictColumns(verdict),
      });
    } catch (error) {
      // An outage is one line per message, not a stack trace each.
      if (isDatabaseUnavailable(error))
        log.warn({ messageId: id, reason: (error as Error).message }, 'contact message not stored');
      else log.error({ err: error, messageId: id }, 'contact message not stored');
      return { kind: 'unavailable' };
    }
    if (!result.stored) return { kind: 'rate-limited', waitSeconds: result.waitSeconds };
    log.info(
      { messageId: id, spamVerdict: verdict.verdict, spamScore: verdict.score },
      'contact message stored',
    );
    onStored?.();
    return { kind: 'stored', id };
  }

  /** The visit the sender came from; none when it cannot be read (the message matters more). */
  async function sourceOf(submission: Submission, log: FastifyBaseLogger) {
    try {
      return (await visitSource?.(submission.ip, submission.userAgent)) ?? {};
    } catch (error) {
      log.warn({ reason: (error as Error).message }, 'contact message stored without its visit source');
      return {};
    }
  }
}

export type AcceptMessage = ReturnType<typeof messageAcceptor>;
