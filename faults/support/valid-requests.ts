import {
  CONTACT_API_PATH,
  contactMessageSchema,
  defaultLanguage,
  formFieldNames,
  messageFromFormFields,
  SITE_KEY_HEADER,
  XSRF_HEADER,
} from '@site/api-contract';
import fc from 'fast-check';
import type { HttpRequest } from './http-request-bytes.ts';
import { hostileText } from './hostile-values.ts';

/** What a visitor's browser holds for the server under test: its address, the site key, an XSRF pair. */
export type Visitor = { host: string; origin: string; siteKey: string; cookie: string; token: string };

/** Header values cannot carry control characters (a parser must refuse them): those are left out here. */
const withoutControls = (text: string) =>
  [...text].filter((char) => char >= ' ' && char !== '\u007f').join('');

/** A message the schema accepts whose every field carries hostile text; sometimes a honeypot catch. */
const hostileMessage = fc.record(
  {
    name: fc.tuple(fc.constantFrom('Jane', 'Ωmega', '李雷', 'O\u2019Brien'), hostileText(6)),
    email: fc.constantFrom('jane@example.com', 'o.brien+tag@example.co.uk', " x!#$%&'*@sub.example.org "),
    subject: fc.tuple(fc.constantFrom('Hello', 'Ärger'), hostileText(10)),
    // Near the form's 20,000-character limit too: the spam filter reads every message in full.
    message: fc.tuple(fc.constantFrom('Hi', '👋', 'word '.repeat(3_900)), hostileText(40)),
    marketingConsent: fc.boolean(),
    website: hostileText(3),
  },
  { requiredKeys: ['name', 'email', 'subject', 'message'] },
);

const joined = (parts: [string, string]) => parts.join('');

export const messageArbitrary = hostileMessage.map((message) => ({
  ...message,
  name: joined(message.name).slice(0, 150),
  subject: joined(message.subject).slice(0, 250),
  message: joined(message.message),
}));

export type MessageFields = typeof messageArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** The JSON body, when the server will read it as a message the schema accepts. */
export const acceptedJson = (message: MessageFields) => {
  const body = JSON.stringify(message);
  return contactMessageSchema.safeParse(JSON.parse(body)).success ? body : undefined;
};

/** The form fields as the server will read them, urlencoded, when the schema accepts the message. */
export function formBody(message: MessageFields, siteKey: string, compact: boolean) {
  const fields: Record<string, string> = { [formFieldNames.siteKey]: siteKey, ...stringFields(message) };
  if (compact) {
    delete fields.subject;
    fields[formFieldNames.siteName] = 'Example Digital';
  }
  return new URLSearchParams(fields).toString();
}

function stringFields({ marketingConsent, ...fields }: MessageFields): Record<string, string> {
  const strings: Record<string, string> = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => typeof value === 'string'),
  );
  if (marketingConsent) strings.marketingConsent = 'on';
  return strings;
}

/** Whether the server accepts the form body, posted (as here) without a language from a page at the root. */
export const acceptedForm = (body: string) =>
  contactMessageSchema.safeParse(
    messageFromFormFields(Object.fromEntries(new URLSearchParams(body)), defaultLanguage),
  ).success;

export const post = (visitor: Visitor, headers: [string, string][], body: string): HttpRequest => ({
  method: 'POST',
  target: CONTACT_API_PATH,
  version: 'HTTP/1.1',
  headers: [['Host', visitor.host], ...headers, ['Connection', 'close']],
  body: Buffer.from(body, 'utf8'),
  framing: 'length',
  lineEnd: '\r\n',
});

/** A message from the site's script: JSON, site key, XSRF cookie and header; a hostile user agent. */
export const validJsonRequest = (visitor: Visitor) =>
  fc
    .record({
      message: messageArbitrary,
      type: fc.constantFrom('application/json', 'application/json; charset=utf-8'),
      userAgent: hostileText(4).map(withoutControls),
    })
    .map(({ message, type, userAgent }) => {
      const body = acceptedJson(message);
      const headers: [string, string][] = [
        ['Content-Type', type],
        [SITE_KEY_HEADER, visitor.siteKey],
        ['Cookie', visitor.cookie],
        [XSRF_HEADER, visitor.token],
        ['User-Agent', userAgent],
      ];
      return body === undefined ? undefined : post(visitor, headers, body);
    })
    .filter((request) => request !== undefined);

/** A plain form post from a page without JavaScript, the full form or the compact one. */
export const validFormRequest = (visitor: Visitor) =>
  fc
    .record({
      message: messageArbitrary,
      compact: fc.boolean(),
      trusted: fc.constantFrom<[string, string][]>(
        [['Sec-Fetch-Site', 'same-origin']],
        [['Origin', visitor.origin]],
      ),
    })
    .map(({ message, compact, trusted }) => {
      const body = formBody(message, visitor.siteKey, compact);
      const headers: [string, string][] = [['Content-Type', 'application/x-www-form-urlencoded'], ...trusted];
      return acceptedForm(body) ? post(visitor, headers, body) : undefined;
    })
    .filter((request) => request !== undefined);
