import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from './env.js';

// docs/configuration.md's "Server settings" table, one row a setting, against the schema itself.
const docs = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');
const section = /^## Server settings\n([\s\S]*?)(?=^## )/m.exec(docs)?.[1] ?? '';
const rows = new Map(
  section
    .split('\n')
    .map((line) => /^\| `([A-Z][A-Z0-9_]*)` +\| (.*?) +\|/.exec(line))
    .filter((match) => match !== null)
    .map((match) => [match[1]!, match[2]!]),
);
const settings = Object.keys(envSchema.shape);

describe('docs/configuration.md', () => {
  it('has a row for every setting of env.ts, and none for a setting it does not have', () => {
    expect(rows.size).toBeGreaterThan(0);
    expect([...rows.keys()].sort()).toEqual([...settings].sort());
  });

  it("gives each setting's default as the schema does", () => {
    for (const name of settings) {
      const fallback: unknown = envSchema.shape[name as keyof typeof envSchema.shape].parse(undefined);
      const cell = rows.get(name) ?? '';
      if (typeof fallback === 'number') expect(cell, name).toBe(`\`${fallback}\``);
      else if (typeof fallback === 'string' && fallback.startsWith('/'))
        // A path the server finds from where it is installed: the table gives it from the repository.
        expect(fallback.endsWith(/^`(.+)`$/.exec(cell)?.[1] ?? '?'), `${name}: ${cell}`).toBe(true);
      else if (typeof fallback === 'string') expect(cell, name).toBe(`\`${fallback}\``);
      else expect(cell, `${name} has no default of its own`).not.toMatch(/^`/);
    }
  });
});
