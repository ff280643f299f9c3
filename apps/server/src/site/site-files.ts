import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { type Language, languages, localizedPath } from '@site/api-contract';

export type SiteFile = {
  kind: 'page' | 'hashed-asset' | 'public';
  contentType: string;
  etag: string;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
};

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.ico': 'image/x-icon',
};

/**
 * Never served under their own names: compressed twins, build data files, the not-found page of each
 * language, the SPA fallback.
 */
const hidden = /(\.br|\.gz|\.data)$|^__spa-fallback\.html$|^(?:[a-z]{2}\/)?404\/index\.html$/;

/** The built not-found page of a language. */
export const notFoundFile = (language: Language) => `${localizedPath(language, '/404').slice(1)}/index.html`;

/** One built file with its precompressed twins, if the build wrote them. */
export async function loadFile(root: string, file: string, kind: SiteFile['kind']): Promise<SiteFile> {
  const path = join(root, file);
  const body = await readFile(path);
  const twin = (suffix: string) => readFile(`${path}${suffix}`).catch(() => undefined);
  return {
    kind,
    contentType: contentTypes[extname(file)] ?? 'application/octet-stream',
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
    body,
    br: await twin('.br'),
    gzip: await twin('.gz'),
  };
}

/**
 * The whole built site in memory (a few hundred KB), keyed by URL path: `/privacy` for
 * `privacy/index.html`, `/assets/x.js` for itself. Serving from memory spares a file system call per request.
 */
export async function loadSite(
  root: string,
): Promise<{ files: Map<string, SiteFile>; notFound: Record<Language, SiteFile> }> {
  const files = new Map<string, SiteFile>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (hidden.test(file)) continue;
    if (file === 'index.html' || file.endsWith('/index.html')) {
      files.set(
        `/${file.slice(0, -'index.html'.length).replace(/\/$/, '')}`,
        await loadFile(root, file, 'page'),
      );
    } else {
      files.set(
        `/${file}`,
        await loadFile(root, file, file.startsWith('assets/') ? 'hashed-asset' : 'public'),
      );
    }
  }
  const notFound = Object.fromEntries(
    await Promise.all(
      languages.map(async (language) => [language, await loadFile(root, notFoundFile(language), 'page')]),
    ),
  ) as Record<Language, SiteFile>;
  return { files, notFound };
}
