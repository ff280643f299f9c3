import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { headlessShell, launchChromiumServer } from '@site/testing/chromium';
import { startSiteServer } from '@site/testing/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    browserEndpoint: string;
    dataDir: string;
    leadDir: string;
  }
}

/**
 * One real server (the production build) and one Chromium for the whole browser suite, and the folder
 * where the first inbox spec prepares the lead for all of them (`e2e/support/prepared-lead.ts`).
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const leadDir = mkdtempSync(join(tmpdir(), 'e2e-lead-'));
  // Many tests send from 127.0.0.1; the rate limit itself is covered by the API tests.
  const server = await startSiteServer({
    DATA_DIR: dataDir,
    CONTACT_RATE_PER_MINUTE: '1000',
    CONTACT_RATE_PER_DAY: '10000',
  });
  const browser = await launchChromiumServer(headlessShell).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  const stop = async () => {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(leadDir, { recursive: true, force: true });
  };
  project.provide('baseUrl', server.url);
  project.provide('browserEndpoint', browser.wsEndpoint());
  project.provide('dataDir', dataDir);
  project.provide('leadDir', leadDir);
  return stop;
}
