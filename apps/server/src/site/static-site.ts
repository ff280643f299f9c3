import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inlineScriptHashes, pagePolicy } from '../security/content-security-policy.js';
import { listSiteFiles, notFoundPage, type SiteFile } from './site-files.js';

const cacheControl: Record<SiteFile['kind'], string> = {
  'hashed-asset': 'public, max-age=31536000, immutable',
  page: 'no-cache',
  public: 'public, max-age=3600, must-revalidate',
};

/** Serves the prerendered site: pages by path, hashed assets cached for a year, 404 page otherwise. */
export const staticSite: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  const files = await listSiteFiles(root);
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true, cacheControl: false });

  // Each page's policy allows exactly its own inline scripts (React Router's hydration data).
  const policies = new Map<string, string>();
  for (const file of [
    ...[...files.values()].filter((entry) => entry.kind === 'page').map((entry) => entry.file),
    notFoundPage,
  ]) {
    const html = await readFile(join(root, file), 'utf8').catch(() => '');
    policies.set(file, pagePolicy(inlineScriptHashes(html)));
  }

  const send = (reply: FastifyReply, { file, kind }: SiteFile) => {
    const policy = policies.get(file);
    if (policy) reply.header('content-security-policy', policy);
    return reply.header('cache-control', cacheControl[kind]).sendFile(file);
  };

  app.get('/*', (request, reply) => {
    const path = decodeURIComponent(request.url.split('?')[0] ?? '/');
    const found = files.get(path);
    if (found) return send(reply, found);
    const withoutSlash = path.replace(/\/+$/, '');
    if (withoutSlash !== path && files.get(withoutSlash)?.kind === 'page') {
      return reply.redirect(withoutSlash || '/', 308);
    }
    return reply.callNotFound();
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply
        .code(404)
        .send({ error: 'not_found', message: `No API route ${request.method} ${request.url}` });
    }
    return send(reply.code(404), { file: notFoundPage, kind: 'page' });
  });
};
