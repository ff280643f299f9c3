import { contactLimits, formFieldNames, SITE_KEY_HEADER, XSRF_HEADER } from '@site/api-contract';
import fc from 'fast-check';
import { type HttpRequest, withHeader, withoutHeader } from './http-request-bytes.ts';
import { hostileText } from './hostile-values.ts';
import {
  acceptedForm,
  formBody,
  messageArbitrary,
  type MessageFields,
  validFormRequest,
  validJsonRequest,
  type Visitor,
} from './valid-requests.ts';

// Each defect alone makes the server refuse the message, whatever else the request carries: a request
// with one is never stored. A defect never relies on the server repairing anything (trimming a header,
// lower-casing a media type, dropping a repeated slash), since such a repair would make it valid.

export type Defective = { label: string; request: HttpRequest };

const requiredFields = ['name', 'email', 'subject', 'message'] as const;

const tooLong = (field: (typeof requiredFields)[number]) =>
  field === 'email' ? `${'a'.repeat(contactLimits.email)}@example.com` : 'x'.repeat(contactLimits[field] + 1);

const anyValidRequest = (visitor: Visitor) => fc.oneof(validJsonRequest(visitor), validFormRequest(visitor));

/** A value that differs from `value` and is not it with spaces around (which a parser may trim). */
const differentFrom = (value: string) =>
  fc
    .oneof(
      fc.constant(value.toUpperCase()),
      fc.constant(value.slice(1)),
      fc.constant(`${value}0`),
      fc.constant(value.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))),
      fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 60 }),
    )
    .filter((other) => other.trim() !== value && other.trim().length > 0);

const badSiteKeyHeader = (visitor: Visitor) =>
  fc.tuple(validJsonRequest(visitor), fc.option(differentFrom(visitor.siteKey))).map(([request, key]) => ({
    label: key === null ? 'json: no site key' : 'json: wrong site key',
    request:
      key === null ? withoutHeader(request, SITE_KEY_HEADER) : withHeader(request, SITE_KEY_HEADER, key),
  }));

const badXsrf = (visitor: Visitor) =>
  fc
    .tuple(
      validJsonRequest(visitor),
      fc.constantFrom('no header', 'no cookie', 'forged header', 'forged pair'),
    )
    .chain(([request, how]) =>
      differentFrom(visitor.token).map((forged) => ({
        label: `json: xsrf ${how}`,
        request:
          how === 'no header'
            ? withoutHeader(request, XSRF_HEADER)
            : how === 'no cookie'
              ? withoutHeader(request, 'Cookie')
              : how === 'forged header'
                ? withHeader(request, XSRF_HEADER, forged)
                : withHeader(
                    withHeader(request, XSRF_HEADER, forged),
                    'Cookie',
                    visitor.cookie.replace(visitor.token, forged),
                  ),
      })),
    );

const foreignOrigins = (visitor: Visitor) =>
  fc.constantFrom('http://evil.example', 'null', `${visitor.origin}.evil.example`, 'http://127.0.0.1:1');

const foreignOrigin = (visitor: Visitor) =>
  fc.tuple(validJsonRequest(visitor), foreignOrigins(visitor)).map(([request, origin]) => ({
    label: 'json: foreign origin',
    request: withHeader(request, 'Origin', origin),
  }));

/** Message fields the schema refuses: one required field missing, blank, too long, or of another type. */
const refusedFields = fc
  .record({ message: messageArbitrary, field: fc.constantFrom(...requiredFields) })
  .chain(({ message, field }) =>
    fc
      .oneof(
        fc.constantFrom<unknown>(undefined, '', ' \t\r\n\u00a0\uFEFF\u2028', 42, null, true, [], {}),
        fc.constant(tooLong(field)),
        ...(field === 'email' ? [hostileText(4).filter((text) => !text.includes('@'))] : []),
      )
      .map((value) => {
        const fields: Record<string, unknown> = { ...message };
        if (value === undefined) delete fields[field];
        else fields[field] = value;
        return { message: fields, field };
      }),
  );

/** Bodies that are not a JSON message at all. */
const notAMessage = fc.oneof(
  fc.constantFrom(
    '',
    'null',
    '[]',
    '"text"',
    '1e999999',
    '{',
    '\uFEFF{}',
    '{"name": "a", "name": "b"}',
    '{"__proto__": {"polluted": true}}',
    '{"constructor": {"prototype": {"polluted": true}}}',
    '['.repeat(5000) + ']'.repeat(5000),
  ),
  hostileText(20),
);

const badJsonBody = (visitor: Visitor) =>
  fc
    .tuple(
      validJsonRequest(visitor),
      fc.oneof(
        refusedFields.map(({ message, field }) => ({ label: `json: ${field} refused`, body: message })),
        notAMessage.map((body) => ({ label: 'json: not a message', body })),
      ),
    )
    .map(([request, { label, body }]) => ({
      label,
      request: {
        ...request,
        body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
      },
    }));

const untrustedFormPost = (visitor: Visitor) =>
  fc
    .tuple(
      validFormRequest(visitor),
      fc.option(fc.constantFrom('cross-site', 'same-site', 'none', 'Same-Origin')),
      fc.option(foreignOrigins(visitor)),
    )
    .map(([request, site, origin]) => {
      let untrusted = withoutHeader(withoutHeader(request, 'Sec-Fetch-Site'), 'Origin');
      if (site !== null) untrusted = withHeader(untrusted, 'Sec-Fetch-Site', site);
      if (origin !== null) untrusted = withHeader(untrusted, 'Origin', origin);
      return { label: 'form: not from the site', request: untrusted };
    });

const badFormFields = (visitor: Visitor) =>
  fc
    .tuple(
      validFormRequest(visitor),
      fc.oneof(
        fc
          .record({ message: messageArbitrary, key: fc.option(differentFrom(visitor.siteKey)) })
          .map(({ message, key }) => ({
            label: key === null ? 'form: no site key' : 'form: wrong site key',
            body: withSiteKey(formBody(message, visitor.siteKey, false), key),
          })),
        refusedFields.map(({ message, field }) => ({
          label: `form: ${field} refused`,
          body: formBody(message as MessageFields, visitor.siteKey, false),
        })),
      ),
    )
    .filter(([, { label, body }]) => label.includes('site key') || !acceptedForm(body))
    .map(([request, { label, body }]) => ({ label, request: { ...request, body: Buffer.from(body) } }));

function withSiteKey(body: string, key: string | null) {
  const fields = new URLSearchParams(body);
  if (key === null) fields.delete(formFieldNames.siteKey);
  else fields.set(formFieldNames.siteKey, key);
  return fields.toString();
}

const multipartBody = (request: HttpRequest) =>
  Buffer.from(
    `--x\r\nContent-Disposition: form-data; name="body"\r\n\r\n${Buffer.from(request.body).toString()}\r\n--x--\r\n`,
  );

/** Neither JSON nor a form post: no type, another type, or a near miss of one of the two. */
const unsupportedType = (visitor: Visitor) =>
  fc
    .tuple(
      anyValidRequest(visitor),
      fc.constantFrom(
        undefined,
        'text/plain',
        'text/plain; charset=utf-8',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json-patch+json',
        'application/jsonp',
        'text/json',
        'application/x-www-form-urlencodedx',
        'application/ json',
        'json',
        '*/*',
      ),
    )
    .map(([request, type]) => ({
      label: `${type ?? 'no'} content type`,
      request:
        type === undefined
          ? withoutHeader(request, 'Content-Type')
          : {
              ...withHeader(request, 'Content-Type', type),
              body: type.startsWith('multipart/') ? multipartBody(request) : request.body,
            },
    }));

const BODY_LIMIT_BYTES = 64 * 1024;

const tooLarge = (visitor: Visitor) =>
  fc
    .tuple(anyValidRequest(visitor), fc.integer({ min: BODY_LIMIT_BYTES + 1, max: 4 * BODY_LIMIT_BYTES }))
    .map(([request, size]) => ({
      label: 'body over the limit',
      request: { ...request, body: Buffer.concat([request.body, Buffer.alloc(size, 0x20)]) },
    }));

const wrongMethod = (visitor: Visitor) =>
  fc
    .tuple(
      anyValidRequest(visitor),
      fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND'),
    )
    .map(([request, method]) => ({ label: `method ${method}`, request: { ...request, method } }));

const wrongPath = (visitor: Visitor) =>
  fc
    .tuple(
      anyValidRequest(visitor),
      fc.constantFrom(
        '/api/contactus',
        '/API/ContactUs',
        '/api/ContactUs/more',
        '/api/ContactU',
        '/api/ContactUs.json',
        '/api/ContactUs%00',
        '/api/%E0%A4%A',
      ),
    )
    .map(([request, target]) => ({ label: 'wrong path', request: { ...request, target } }));

/** A request with at least one defect that rules out storing it. */
export const defectiveRequest = (visitor: Visitor): fc.Arbitrary<Defective> =>
  fc.oneof(
    badSiteKeyHeader(visitor),
    badXsrf(visitor),
    foreignOrigin(visitor),
    badJsonBody(visitor),
    untrustedFormPost(visitor),
    badFormFields(visitor),
    unsupportedType(visitor),
    tooLarge(visitor),
    wrongMethod(visitor),
    wrongPath(visitor),
  );
