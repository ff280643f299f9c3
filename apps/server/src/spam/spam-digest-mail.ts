import { adminPages, inboxMessagePath, spamSignalLabels } from '@site/api-contract';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { escapeHtml } from '../http/html.js';
import { oneLine } from '../http/one-line.js';
import { messageIdDomain } from '../notifications/notification-mail.js';
import { automaticMailHeaders } from '../notifications/own-mail.js';
import type { DigestDay } from './digest-schedule.js';
import { readReasons } from './reason-details.js';
import type { SilencedMessage } from './spam-digest-repository.js';

export type DigestMailSettings = {
  siteName: string;
  from: string;
  /** NOTIFY_TO: the digest goes where the notifications go. */
  to: readonly string[];
  siteUrl: string;
  /** BUSINESS_TIME_ZONE: the times the digest gives. */
  timeZone: string;
  /** SPAM_RETENTION_DAYS. */
  retentionDays: number;
};

/** The Message-ID of a day's digest: the same for every retry, and one the mailbox import knows as ours. */
export const spamDigestMailId = (day: string, from: string) =>
  `<spam-digest-${day}@${messageIdDomain(from)}>`;

/** The day of the digest whose Message-ID (or .eml file name) this is. */
export const spamDigestDayInMail = (value: string) => /^<?spam-digest-(\d{4}-\d\d-\d\d)@/.exec(value)?.[1];

const points = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** One listed message as the digest says it: never its text. */
function entryOf(message: SilencedMessage, settings: DigestMailSettings, time: Intl.DateTimeFormat) {
  const [top] = readReasons(message.spam_reasons)
    .filter((reason) => reason.points > 0)
    .sort((a, b) => b.points - a.points);
  return {
    subject: message.restricted ? null : oneLine(message.subject),
    from: `${oneLine(message.name)} <${oneLine(message.email)}>`,
    received: `${time.format(new Date(message.received_at))}, ${message.source === 'email' ? 'by mail' : 'through the contact form'}`,
    score: message.spam_score === null ? 'none kept' : `${points.format(message.spam_score)} points`,
    reason: top ? `${spamSignalLabels[top.signal]}: ${top.detail}` : 'none kept',
    link: `${settings.siteUrl}${inboxMessagePath(message.id)}`,
  };
}

const HIDDEN_SUBJECT = 'Subject hidden: processing restricted';
const plural = (count: number) => `${count} message${count === 1 ? '' : 's'}`;

/**
 * The day's digest of what the spam filter put in Spam, to the company: for each message the sender,
 * subject (not a restricted one's), score, weightiest reason and a link that opens it in the inbox.
 * Plain text and HTML; never a message's text, so the digest relays nothing a spammer wrote in it.
 */
export function spamDigestMail(
  digest: DigestDay,
  { messages, total }: { messages: readonly SilencedMessage[]; total: number },
  settings: DigestMailSettings,
): Mail.Options {
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: settings.timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const entries = messages.map((message) => entryOf(message, settings, time));
  const span = `${time.format(new Date(digest.from))} and ${time.format(new Date(digest.to))} (${settings.timeZone})`;
  const intro = `Between ${span} the spam filter put ${plural(total)} in Spam and notified nobody. If one is real, open it and mark it Not spam.`;
  const more =
    total > entries.length
      ? `${plural(total - entries.length)} more are in Spam in the inbox: ${settings.siteUrl}${adminPages.inbox}`
      : '';
  const kept = `Spam is deleted ${settings.retentionDays} days after it arrives, but only once this digest or an operator has shown it.`;

  const text = [
    intro,
    ...entries.map((entry, index) =>
      [
        `${index + 1}. ${entry.subject ?? HIDDEN_SUBJECT}`,
        `   From:       ${entry.from}`,
        `   Received:   ${entry.received}`,
        `   Score:      ${entry.score}`,
        `   Top reason: ${entry.reason}`,
        `   Open:       ${entry.link}`,
      ].join('\n'),
    ),
    ...(more ? [more] : []),
    kept,
  ].join('\n\n');

  const muted = 'color:#5b6470;font-size:14px';
  const html = `<div style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;max-width:640px;margin:0 auto;padding:16px;color:#1c2128;line-height:1.5">
<h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(plural(total))} went to Spam</h1>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<ol style="list-style:none;padding:0;margin:0">
${entries
  .map(
    (entry) => `<li style="border:1px solid #d0d7de;border-radius:8px;padding:12px 16px;margin:0 0 12px">
<p style="margin:0;font-weight:600;overflow-wrap:anywhere">${entry.subject === null ? `<em style="font-weight:400">${HIDDEN_SUBJECT}</em>` : escapeHtml(entry.subject)}</p>
<p style="margin:4px 0 0;overflow-wrap:anywhere">${escapeHtml(entry.from)}</p>
<p style="margin:4px 0 0;${muted}">${escapeHtml(entry.received)} · ${escapeHtml(entry.score)}</p>
<p style="margin:4px 0 0;font-size:14px;overflow-wrap:anywhere"><strong>Top reason:</strong> ${escapeHtml(entry.reason)}</p>
<p style="margin:8px 0 0"><a href="${escapeHtml(entry.link)}" style="color:#0b5cad">Open in the inbox</a></p>
</li>`,
  )
  .join('\n')}
</ol>
${more ? `<p style="margin:0 0 12px">${escapeHtml(more)}</p>` : ''}
<p style="margin:0;${muted}">${escapeHtml(kept)}</p>
</div>`;

  return {
    from: settings.from,
    to: [...settings.to],
    subject: `[${oneLine(settings.siteName)}] ${plural(total)} went to Spam in the last 24 hours`,
    text: `${text}\n`,
    html,
    messageId: spamDigestMailId(digest.day, settings.from),
    headers: automaticMailHeaders,
  };
}
