import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Where a spec keeps its own copy of apps/web, to build differently from the suite's site. Two levels
 * below the repository root, like apps/web, so its relative tsconfig and node_modules resolve.
 */
export const webCopyDir = (label: string) => join(repo, '.tmp', `${label}-${process.pid}`);

/** Copies apps/web's sources (no build, no node_modules) into `copy`. */
export function copyWebApp(copy: string): void {
  mkdirSync(copy, { recursive: true });
  cpSync(join(repo, 'apps/web'), copy, {
    recursive: true,
    filter: (source) => !/\/(build|node_modules|\.react-router)(\/|$)/.test(source.slice(repo.length)),
  });
}

/**
 * Builds a copy into its own build/ as `npm run build -w apps/web` does, minus the precompressed files
 * (the server sends the plain ones just as well), with extra build settings such as VITE_API_BASE.
 */
export function buildWebApp(copy: string, env: Record<string, string> = {}): void {
  execFileSync(process.execPath, [join(repo, 'node_modules/@react-router/dev/bin.js'), 'build'], {
    cwd: copy,
    stdio: 'pipe',
    env: { ...process.env, ...env },
  });
}
