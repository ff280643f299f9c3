import { contactLimits, normalEmail } from '@site/api-contract';
import { convert } from 'html-to-text';
import { type AddressObject, simpleParser } from 'mailparser';
import { oneLine } from '../http/one-line.js';
import { dmarcResult } from './authentication-results.js';

/** The longest text kept of a mail: what a contact form takes. A longer one is cut, and says so. */
const MAX_TEXT = contactLimits.message;
const CUT_NOTE = '\n\n[The rest of this mail was left out: it is longer than 20,000 characters.]';

/** What the inbox keeps of a mail that comes in: plain text, never its HTML; who it is from and to. */
export type InboundMail = {
  /** Its Message-ID, or undefined for a mail that has none. */
  mailId: string | undefined;
  /** The Message-IDs it answers: In-Reply-To, then References. */
  answers: string[];
  fromName: string;
  fromAddress: string;
  /** Every address it was sent to (To, Cc, Delivered-To), lower-case. */
  recipients: string[];
  subject: string;
  text: string;
  /** An out-of-office, list or other automatic mail (RFC 3834 Auto-Submitted, Precedence, List-Id). */
  automatic: boolean;
  /** What DMARC said of its From, by the company's receiving server; undefined when unknown. */
  dmarc: ReturnType<typeof dmarcResult>;
  /** Its files within the per-file cap; a larger one is named in `text` instead. */
  attachments: { fileName: string; content: Buffer }[];
};

/** The most files kept of one mail; the rest are named in its text. */
const MAX_ATTACHMENTS = 50;
const MAX_FILE_NAME = 200;

/** The first `max` characters, a character beyond U+FFFF counting as one: never half of a pair. */
const cut = (text: string, max: number) => (text.length <= max ? text : [...text].slice(0, max).join(''));

/** What shows as nothing in a name: format characters (zero-width, direction marks, BOM), fillers. */
const invisible = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** Runs of blanks (U+2800 is one too), which can push a name's real extension out of sight. */
const blanks = /[\s\u2800]+/gu;

/**
 * A file name safe to show and to offer as a download's name: no folders, no control or invisible
 * characters, blanks as single spaces, no leading dots.
 */
const safeFileName = (name: string | undefined, n: number) =>
  cut(
    oneLine((name ?? '').split(/[\\/]/).pop() ?? '')
      .replace(invisible, '')
      .replace(blanks, ' ')
      .replace(/^[. ]+/, '')
      .trimEnd(),
    MAX_FILE_NAME,
  ) || `attachment-${n + 1}`;

const sizeText = (bytes: number) =>
  new Intl.NumberFormat('en', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
    Math.ceil(bytes / 1000),
  );

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value);

/** Message-IDs as `<…>`, without control characters (a NUL is no text PostgreSQL stores). */
const idsIn = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? [value] : [])
    // eslint-disable-next-line no-control-regex -- control characters end an id
    .flatMap((item: string) => item.match(/<[^<>\s\u0000-\u001f\u007f]+>/g) ?? [])
    .slice(0, 100);

/** Control characters and direction marks out, line breaks kept, and cut to what a message holds. */
function plainText(text: string): string {
  const clean = text
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex -- control characters are what is taken out
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  return clean.length > MAX_TEXT ? clean.slice(0, MAX_TEXT - CUT_NOTE.length) + CUT_NOTE : clean;
}

/** The mail without its files, each named in its text with `why` it was left out. */
export function withoutFiles(mail: InboundMail, why: string): InboundMail {
  if (mail.attachments.length === 0) return mail;
  const named = mail.attachments.map(
    (file) => `[Attachment left out: ${file.fileName}, ${sizeText(file.content.length)}: ${why}]`,
  );
  return { ...mail, attachments: [], text: plainText(`${mail.text}\n\n${named.join('\n')}`) };
}

/** HTML made text: its words and links' addresses, no images (tracking pixels), never markup. */
const htmlAsText = (html: string) =>
  convert(html, {
    wordwrap: false,
    limits: { maxInputLength: MAX_HTML, maxDepth: 100 },
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  });
/** The most of a mail's HTML read (a mail is capped at INBOUND_MAX_BYTES before it is read). */
const MAX_HTML = 1_000_000;

/** How a mail is read: files over `maxAttachmentBytes` are left out; whose Authentication-Results count. */
export type ReadingOptions = { maxAttachmentBytes: number; authservId: string | undefined };

const AUTOMATIC_PRECEDENCE = ['bulk', 'junk', 'list', 'auto_reply'];
/** Headers only automatic mail carries: a mailing list's, and autoresponders' own. */
const AUTOMATIC_HEADERS = ['list-id', 'x-autoreply', 'x-autorespond'];

/** The header's values in lower case: mailparser gives a repeated header as an array. */
const valuesOf = (value: unknown): string[] =>
  [value].flat().flatMap((item) => (typeof item === 'string' ? [item.toLowerCase()] : []));

/**
 * A display name that holds an address (`"bob@bank.example" <eve@evil.example>`) is shown with the
 * address it really came from, so it cannot pass for someone else.
 */
const shownName = (name: string, address: string) =>
  name.includes('@') && address ? `${name} <${address}>` : name;

/**
 * Reads a raw mail as hostile input: headers, text and files only, HTML turned into text (never kept as
 * HTML), every field cut to what the inbox shows, files over `maxAttachmentBytes` left out and named.
 * Rejects a mail the parser cannot read (too many parts, a header block over 1 MiB).
 */
export async function readInboundMail(raw: Buffer, options: ReadingOptions): Promise<InboundMail> {
  const parsed = await simpleParser(raw, {
    skipHtmlToText: true,
    skipImageLinks: true,
    skipTextToHtml: true,
    skipTextLinks: true,
  });
  const text = parsed.text?.trim()
    ? parsed.text
    : typeof parsed.html === 'string'
      ? htmlAsText(parsed.html)
      : '';
  const from = addressesOf(parsed.from)[0];
  const header = (name: string) => valuesOf(parsed.headers.get(name));
  const files = parsed.attachments.map((file, n) => ({
    fileName: safeFileName(file.filename, n),
    content: file.content,
  }));
  const kept = files
    .filter((file) => file.content.length <= options.maxAttachmentBytes)
    .slice(0, MAX_ATTACHMENTS);
  const leftOut = files
    .filter((file) => !kept.includes(file))
    .map((file) => `[Attachment left out: ${file.fileName}, ${sizeText(file.content.length)}]`);
  const delivered = [parsed.headers.get('delivered-to')].flat().filter((value) => typeof value === 'string');
  const recipients = [
    ...addressesOf(parsed.to),
    ...addressesOf(parsed.cc),
    ...delivered.map((address) => ({ address: address as string })),
  ]
    .map((recipient) => (recipient.address ? normalEmail(recipient.address) : ''))
    .filter(Boolean);
  // In the one form every address is stored in, without invisible characters (normalEmail).
  const fromAddress = from?.address ? cut(normalEmail(from.address), contactLimits.email) : '';
  const topResults = parsed.headerLines.find((line) => line.key === 'authentication-results');
  return {
    mailId: idsIn(parsed.messageId)[0],
    answers: [...idsIn(parsed.inReplyTo), ...idsIn(parsed.references).reverse()],
    fromName: cut(oneLine(shownName(oneLine(from?.name ?? ''), fromAddress)), contactLimits.name),
    fromAddress,
    recipients,
    subject: cut(oneLine(parsed.subject ?? ''), contactLimits.subject),
    text: plainText(leftOut.length ? `${text.trim()}\n\n${leftOut.join('\n')}` : text),
    attachments: kept,
    automatic:
      header('auto-submitted').some((value) => value.trim() !== 'no') ||
      header('precedence').some((value) => AUTOMATIC_PRECEDENCE.includes(value.trim())) ||
      parsed.headerLines.some((line) => AUTOMATIC_HEADERS.includes(line.key)),
    dmarc: dmarcResult(topResults?.line.replace(/^[^:]*:/, ''), options.authservId),
  };
}
