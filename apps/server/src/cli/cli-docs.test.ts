import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../env.js';
import { runMessages } from './run-messages.js';

// docs/operations.md lists the operator commands in the fenced block after its marker comment, one
// `npm run messages -- <usage>` line each, exactly as the CLI's --help prints them.
const PREFIX = 'npm run messages -- ';
const MARKER = "<!-- The CLI's own usage lines";

/** The usage lines `npm run messages -- --help` prints: the indented lines of its overview. */
async function helpUsageLines() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cli-docs-'));
  try {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runMessages(['--help'], readEnv({ DATA_DIR: dataDir }), {
      out: (text) => out.push(text),
      err: (text) => err.push(text),
    });
    expect({ code, err }).toEqual({ code: 0, err: [] });
    return out
      .join('\n')
      .split('\n')
      .filter((line) => /^ {2}\S/.test(line))
      .map((line) => line.trim());
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The lines of the fenced block that follows the marker in docs/operations.md. */
function documentedLines() {
  const docs = readFileSync(new URL('../../../../docs/operations.md', import.meta.url), 'utf8');
  const afterMarker = docs.slice(docs.indexOf(MARKER));
  const block = /^```[a-z]*\n([\s\S]*?)^```$/m.exec(afterMarker);
  expect(docs.includes(MARKER) && block, 'the marker and a fenced block after it').toBeTruthy();
  return block![1]!.split('\n').filter((line) => line.trim() !== '');
}

describe("docs/operations.md's operator commands", () => {
  it('are the usage lines of the CLI, verbatim, and no others', async () => {
    const usage = await helpUsageLines();
    expect(usage.length).toBeGreaterThan(0);
    const documented = documentedLines();
    for (const line of documented) expect(line.startsWith(PREFIX), line).toBe(true);
    expect(documented.map((line) => line.slice(PREFIX.length)).sort()).toEqual([...usage].sort());
  });
});
