import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { adminPages } from '@site/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import { inboxPolicy } from '../security/content-security-policy.js';
import { sendFile } from '../site/send-file.js';
import { loadFile, type SiteFile } from '../site/site-files.js';

const ASSETS_PATH = '/admin/assets/';

/**
 * Serves the operators' inbox app (apps/admin's build): its one page at every path the app draws, never
 * indexed or cached, under a policy with no inline code; its hashed assets for a year.
 */
export const inboxApp: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  if (!existsSync(`${root}/index.html`)) {
    app.log.warn({ root }, 'no inbox build (npm run build): /admin is not served');
    return;
  }
  const page = await loadFile(root, 'index.html', 'page');
  const assets = new Map<string, SiteFile>();
  for (const name of await readdir(`${root}/assets`)) {
    if (!/\.(br|gz)$/.test(name)) assets.set(name, await loadFile(root, `assets/${name}`, 'hashed-asset'));
  }

  for (const path of Object.values(adminPages))
    app.get(path, (request, reply) =>
      sendFile(
        request,
        reply.header('content-security-policy', inboxPolicy).header('x-robots-tag', 'noindex, nofollow'),
        page,
      ),
    );

  app.get<{ Params: { '*': string } }>(`${ASSETS_PATH}*`, (request, reply) => {
    const asset = assets.get(request.params['*']);
    if (!asset) return reply.callNotFound();
    return sendFile(request, reply.header('x-robots-tag', 'noindex, nofollow'), asset);
  });
};
