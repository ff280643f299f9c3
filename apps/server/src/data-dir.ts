import { chmodSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { mailDir } from './queue/mailer.js';

const OWN_FILES = ['site.db', 'site.db-wal', 'site.db-shm', 'app-secret'];

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The permission bits of `path`, or undefined if nothing is there. */
function modeOf(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o777;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/**
 * New files and folders in DATA_DIR are made private to the user the server runs as (0600, 0700);
 * this tightens those an earlier version or a copy left open to others. DATA_DIR itself may be a
 * folder the operator set up with permissions of its own, so it is only reported. Returns warnings.
 */
export function tightenDataDir(dataDir: string): string[] {
  const dir = resolve(dataDir);
  const dirMode = modeOf(dir);
  if (dirMode === undefined) return [];
  const warnings: string[] = [];
  if (dirMode & 0o077)
    warnings.push(`DATA_DIR is open to other users (mode 0${dirMode.toString(8)}): chmod 700 ${dir}`);

  const tighten = (path: string, mode: number) => {
    const current = modeOf(path);
    if (current === undefined || (current & ~mode) === 0) return;
    try {
      chmodSync(path, mode);
    } catch (error) {
      if (!isMissing(error)) warnings.push(`could not make ${path} private: ${(error as Error).message}`);
    }
  };
  for (const name of OWN_FILES) tighten(join(dir, name), 0o600);
  const mail = mailDir(dir);
  tighten(mail, 0o700);
  if (modeOf(mail) !== undefined) for (const name of readdirSync(mail)) tighten(join(mail, name), 0o600);
  return warnings;
}
