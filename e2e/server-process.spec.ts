import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startSiteServer } from './support/site-server';

const serverEntry = fileURLToPath(new URL('../apps/server/dist/server.js', import.meta.url));

describe('the server process', () => {
  it('refuses to start on a bad setting and names it', () => {
    const result = spawnSync(process.execPath, [serverEntry], {
      env: { ...process.env, PORT: 'eighty', CONTACT_RATE_PER_DAY: '-1' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid settings');
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('CONTACT_RATE_PER_DAY');
  });

  it('closes cleanly on SIGTERM', async () => {
    const server = await startSiteServer({
      DATA_DIR: fileURLToPath(new URL('../.tmp/sigterm-data', import.meta.url)),
    });
    const exited = new Promise<number | null>((resolve) =>
      server.process.once('exit', (code) => resolve(code)),
    );
    server.process.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
