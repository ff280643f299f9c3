/** An HTTP/1.1 request as parts, any of which may be wrong on purpose; written out byte for byte. */
export type HttpRequest = {
  method: string;
  target: string;
  version: string;
  /** Values are written as their UTF-8 bytes, CR, LF and NUL included. */
  headers: [name: string, value: string][];
  body: Uint8Array;
  /** Content-Length of the body, the body in one chunk, or no framing header at all. */
  framing: 'length' | 'chunked' | 'none';
  lineEnd: '\r\n' | '\n';
};

const isNamed = (name: string) => (header: [string, string]) =>
  header[0].toLowerCase() === name.toLowerCase();

export const headerValue = (request: HttpRequest, name: string) => request.headers.find(isNamed(name))?.[1];

export const withoutHeader = (request: HttpRequest, name: string): HttpRequest => ({
  ...request,
  headers: request.headers.filter((header) => !isNamed(name)(header)),
});

export const withHeader = (request: HttpRequest, name: string, value: string): HttpRequest => {
  const headers = withoutHeader(request, name).headers;
  return { ...request, headers: [...headers.slice(0, 1), [name, value], ...headers.slice(1)] };
};

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** The request as the bytes a client would send. */
export function requestBytes(request: HttpRequest): Uint8Array {
  const { lineEnd: end, body } = request;
  const framing: [string, string][] =
    request.framing === 'length'
      ? [['Content-Length', String(body.length)]]
      : request.framing === 'chunked'
        ? [['Transfer-Encoding', 'chunked']]
        : [];
  const head = [
    `${request.method} ${request.target} ${request.version}`,
    ...[...request.headers, ...framing].map(([name, value]) => `${name}: ${value}`),
  ].join(end);
  const payload =
    request.framing === 'chunked' && body.length > 0
      ? Buffer.concat([utf8(`${body.length.toString(16)}\r\n`), body, utf8('\r\n0\r\n\r\n')])
      : request.framing === 'chunked'
        ? utf8('0\r\n\r\n')
        : body;
  return Buffer.concat([utf8(`${head}${end}${end}`), payload]);
}
