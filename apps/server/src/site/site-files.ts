import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

export type SiteFile = { file: string; kind: 'page' | 'hashed-asset' | 'public' };

/** Never served under their own names: compressed twins, build data files, the not-found page, the SPA fallback. */
const hidden = /(\.br|\.gz|\.data)$|^__spa-fallback\.html$|^404\/index\.html$/;

/** Maps each URL path of the built site to its file: `/privacy` to `privacy/index.html`, and so on. */
export async function listSiteFiles(root: string): Promise<Map<string, SiteFile>> {
  const files = new Map<string, SiteFile>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (hidden.test(file)) continue;
    if (file === 'index.html' || file.endsWith('/index.html')) {
      files.set(`/${file.slice(0, -'index.html'.length).replace(/\/$/, '')}`, { file, kind: 'page' });
    } else {
      files.set(`/${file}`, { file, kind: file.startsWith('assets/') ? 'hashed-asset' : 'public' });
    }
  }
  return files;
}

export const notFoundPage = '404/index.html';
