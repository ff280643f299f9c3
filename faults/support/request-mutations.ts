import { deflateRawSync, brotliCompressSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { headerValue, type HttpRequest, withHeader, withoutHeader } from './http-request-bytes.ts';
import { badUtf8, hostileText, spliced } from './hostile-values.ts';

// Changes whose effect on an otherwise valid message is not pinned down: the server may read the
// request and store it, or refuse it. None adds a site key, an XSRF token or a trusted origin, so none
// can make a refused request acceptable.

type Mutation = { label: string; apply: (request: HttpRequest) => HttpRequest };

/** Header names that change nothing about who may send a message (no proxy is trusted). */
const harmlessNames = [
  'X-Hostile',
  'User-Agent',
  'Referer',
  'Accept-Language',
  'X-Forwarded-For',
  'Forwarded',
];

const extraHeader = fc
  .tuple(fc.constantFrom(...harmlessNames), hostileText(4))
  .map(([name, value]): Mutation => ({
    label: /[\r\n\0]/.test(value) ? 'CR, LF or NUL in a header' : 'hostile header',
    apply: (request) => ({ ...request, headers: [...request.headers, [name, value]] }),
  }));

const charset = fc
  .constantFrom('latin1', 'utf-16', 'utf-16le', 'x-unknown', '"utf-8"', 'utf-8; charset=ascii', '')
  .map((name): Mutation => ({
    label: 'wrong charset',
    apply: (request) => {
      const type = headerValue(request, 'Content-Type');
      return type ? withHeader(request, 'Content-Type', `${type.split(';')[0]}; charset=${name}`) : request;
    },
  }));

const utf16Body: Mutation = {
  label: 'UTF-16 body',
  apply: (request) => ({ ...request, body: Buffer.from(Buffer.from(request.body).toString(), 'utf16le') }),
};

const compress = { gzip: gzipSync, deflate: deflateRawSync, br: brotliCompressSync };

const contentEncoding = fc
  .tuple(fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'gzip, gzip', 'x-unknown'), fc.boolean())
  .map(([encoding, really]): Mutation => ({
    label: really && encoding in compress ? `${encoding} body` : `${encoding} claimed`,
    apply: (request) => {
      const claimed = withHeader(request, 'Content-Encoding', encoding);
      const encode = compress[encoding as keyof typeof compress];
      return really && encode ? { ...claimed, body: encode(request.body) } : claimed;
    },
  }));

const badBytes = fc
  .tuple(badUtf8, fc.double({ min: 0, max: 1, noNaN: true }))
  .map(([bytes, at]): Mutation => ({
    label: 'invalid UTF-8 in the body',
    apply: (request) => ({ ...request, body: spliced(request.body, bytes, at) }),
  }));

const framing = fc.constantFrom<Mutation>(
  { label: 'chunked', apply: (request) => ({ ...request, framing: 'chunked' }) },
  {
    label: 'chunked and Content-Length',
    apply: (request) => ({
      ...request,
      framing: 'chunked',
      headers: [...request.headers, ['Content-Length', String(request.body.length)]],
    }),
  },
  {
    label: 'two Content-Lengths',
    apply: (request) => ({
      ...request,
      headers: [...request.headers, ['Content-Length', String(request.body.length + 1)]],
    }),
  },
  {
    label: 'body cut short',
    apply: (request) => ({
      ...request,
      framing: 'none',
      headers: [...request.headers, ['Content-Length', String(request.body.length + 10)]],
    }),
  },
  { label: 'no length', apply: (request) => ({ ...request, framing: 'none' }) },
);

const protocol = fc.constantFrom<Mutation>(
  { label: 'bare LF line ends', apply: (request) => ({ ...request, lineEnd: '\n' }) },
  {
    label: 'folded header',
    apply: (request) => ({ ...request, headers: [...request.headers, ['X-Folded', 'a\r\n b']] }),
  },
  {
    label: 'header over 16 KB',
    apply: (request) => ({ ...request, headers: [...request.headers, ['X-Long', 'a'.repeat(17_000)]] }),
  },
  { label: 'no Host', apply: (request) => withoutHeader(request, 'Host') },
  { label: 'HTTP/1.0', apply: (request) => ({ ...request, version: 'HTTP/1.0' }) },
  { label: 'HTTP/2.0 line', apply: (request) => ({ ...request, version: 'HTTP/2.0' }) },
  { label: 'lower-case method', apply: (request) => ({ ...request, method: request.method.toLowerCase() }) },
  {
    label: 'bytes in the request line',
    apply: (request) => ({ ...request, target: `${request.target}\u0000\u00ff` }),
  },
  {
    label: 'absolute target',
    apply: (request) => ({ ...request, target: `http://evil.example${request.target}` }),
  },
);

/** Up to three such changes, and the labels of those made. */
export const mutations = fc.array(
  fc.oneof(extraHeader, charset, fc.constant(utf16Body), contentEncoding, badBytes, framing, protocol),
  { maxLength: 3 },
);

export const mutated = (request: HttpRequest, changes: readonly Mutation[]) =>
  changes.reduce((changed, change) => change.apply(changed), request);
