import { apiErrorCodes } from '@site/contact';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendApiError } from '../http/api-error.js';
import { inlineScriptHashes, pagePolicy } from '../security/content-security-policy.js';
import { loadSite, type SiteFile } from './site-files.js';

const cacheControl: Record<SiteFile['kind'], string> = {
  'hashed-asset': 'public, max-age=31536000, immutable',
  page: 'no-cache',
  public: 'public, max-age=3600, must-revalidate',
};

const accepts = (header: string, coding: string) =>
  new RegExp(`\\b${coding}\\b(?!;q=0(\\.0+)?\\b)`).test(header);

type Options = {
  root: string;
  /** The origin the build pointed the forms at (VITE_API_BASE); empty when it is the site's own. */
  apiOrigin: string;
};

/** Serves the prerendered site: pages by path, hashed assets cached for a year, 404 page otherwise. */
const staticSitePlugin: FastifyPluginAsync<Options> = async (app, { root, apiOrigin }) => {
  const { files, notFound } = await loadSite(root);
  // Each page's policy allows exactly its own inline scripts (React Router's hydration data).
  const policies = new Map<SiteFile, string>();
  for (const file of [...files.values(), notFound]) {
    if (file.kind === 'page')
      policies.set(file, pagePolicy(inlineScriptHashes(file.body.toString()), apiOrigin));
  }

  const send = (request: FastifyRequest, reply: FastifyReply, file: SiteFile) => {
    const policy = policies.get(file);
    if (policy) reply.header('content-security-policy', policy);
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
  };

  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const found = files.get(path);
    if (found) return send(request, reply, found);
    const withoutSlash = path.replace(/\/+$/, '');
    if (withoutSlash !== path && files.get(withoutSlash)?.kind === 'page') {
      return reply.redirect(withoutSlash || '/', 308);
    }
    return reply.callNotFound();
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) {
      return sendApiError(
        reply,
        404,
        apiErrorCodes.notFound,
        `No API route ${request.method} ${request.url}`,
      );
    }
    return send(request, reply.code(404), notFound);
  });
};

/** Not encapsulated: the not-found handler serves every unknown path, whichever plugin saw it first. */
export const staticSite = fp(staticSitePlugin, { name: 'static-site' });
