import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A file's bytes; none when it went between listing and reading (a running server renames its temporary files). */
function bytesOf(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return Buffer.alloc(0);
    throw error;
  }
}

/** The files under `dir` whose raw bytes contain `text` (UTF-8), as paths relative to `dir`. */
export function filesHolding(dir: string, text: string): string[] {
  const needle = Buffer.from(text);
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => bytesOf(path).includes(needle))
    .map((path) => relative(dir, path))
    .sort();
}
