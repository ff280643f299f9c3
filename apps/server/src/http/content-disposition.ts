/**
 * `Content-Disposition: attachment` for a file name anyone could have chosen (RFC 6266): an ASCII
 * fallback with nothing that could end the quoted string or the header, and the full name in UTF-8
 * percent-encoding (RFC 8187) for browsers, which all read `filename*`.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
