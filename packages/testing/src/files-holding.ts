import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The files under `dir` whose raw bytes contain `text` (UTF-8), as paths relative to `dir`. */
export function filesHolding(dir: string, text: string): string[] {
  const needle = Buffer.from(text);
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => readFileSync(path).includes(needle))
    .map((path) => relative(dir, path))
    .sort();
}
