import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SiteFile } from './site-files.js';

const cacheControl: Record<SiteFile['kind'], string> = {
  'hashed-asset': 'public, max-age=31536000, immutable',
  page: 'no-cache',
  public: 'public, max-age=3600, must-revalidate',
};

const accepts = (header: string, coding: string) =>
  new RegExp(`\\b${coding}\\b(?!;q=0(\\.0+)?\\b)`).test(header);

/** A built file from memory: cached by its kind, revalidated by ETag, brotli or gzip when the client takes it. */
export function sendFile(request: FastifyRequest, reply: FastifyReply, file: SiteFile) {
  reply
    .header('content-type', file.contentType)
    .header('cache-control', cacheControl[file.kind])
    .header('etag', file.etag)
    .header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === file.etag && reply.statusCode === 200)
    return reply.code(304).send();
  const acceptEncoding = String(request.headers['accept-encoding'] ?? '');
  if (file.br && accepts(acceptEncoding, 'br')) return reply.header('content-encoding', 'br').send(file.br);
  if (file.gzip && accepts(acceptEncoding, 'gzip'))
    return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.body);
}
