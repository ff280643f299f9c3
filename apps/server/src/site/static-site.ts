import { apiErrorCodes, languageOfPath } from '@site/api-contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendApiError } from '../http/api-error.js';
import { inlineScriptHashes, pagePolicy } from '../security/content-security-policy.js';
import { sendFile } from './send-file.js';
import { loadSite, type SiteFile } from './site-files.js';

/** Hears of each page and asset served, to count visits (analytics/); the site waits for nothing. */
export type ServedCounter = {
  page(path: string, request: FastifyRequest): void;
  asset(request: FastifyRequest): void;
};

type Options = {
  root: string;
  counter?: ServedCounter;
  /** The origin the build pointed the forms at (VITE_API_BASE); empty when it is the site's own. */
  apiOrigin: string;
};

/** Serves the prerendered site: pages by path, hashed assets cached for a year, 404 page otherwise. */
const staticSitePlugin: FastifyPluginAsync<Options> = async (app, { root, apiOrigin, counter }) => {
  const { files, notFound } = await loadSite(root);
  // Each page's policy allows exactly its own inline scripts (React Router's hydration data).
  const policies = new Map<SiteFile, string>();
  for (const file of [...files.values(), ...Object.values(notFound)]) {
    if (file.kind === 'page')
      policies.set(file, pagePolicy(inlineScriptHashes(file.body.toString()), apiOrigin));
  }

  const send = (request: FastifyRequest, reply: FastifyReply, file: SiteFile) => {
    const policy = policies.get(file);
    if (policy) reply.header('content-security-policy', policy);
    return sendFile(request, reply, file);
  };

  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const found = files.get(path);
    if (found) {
      // GET only (Fastify answers HEAD here too); a 404 page is sent from the not-found handler.
      if (counter && request.method === 'GET') {
        if (found.kind === 'page') counter.page(path, request);
        else if (found.kind === 'hashed-asset') counter.asset(request);
      }
      return send(request, reply, found);
    }
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
    // An unknown path under a language's prefix gets that language's page.
    return send(request, reply.code(404), notFound[languageOfPath(request.url.split('?')[0] ?? '/')]);
  });
};

/** Not encapsulated: the not-found handler serves every unknown path, whichever plugin saw it first. */
export const staticSite = fp(staticSitePlugin, { name: 'static-site' });
