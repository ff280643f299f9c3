import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from '@site/testing/chromium';
import { startSiteServer } from '@site/testing/server-process';
import { prepareLead, type PreparedLead } from './inbox-site';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    browserEndpoint: string;
    dataDir: string;
    lead: PreparedLead;
  }
}

/**
 * One real server (the production build) and one Chromium for the whole browser suite, and the inbox
 * specs' lead, signed in once: each inbox spec's site starts from a copy of its data (decision 058b).
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
  const browser = await launchChromiumServer().catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  const stop = async () => {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(leadDir, { recursive: true, force: true });
  };
  const connected = await chromium.connect(browser.wsEndpoint());
  const lead = await prepareLead(connected, join(leadDir, 'data')).catch(async (error: unknown) => {
    await connected.close();
    await stop();
    throw error;
  });
  await connected.close();
  project.provide('baseUrl', server.url);
  project.provide('browserEndpoint', browser.wsEndpoint());
  project.provide('dataDir', dataDir);
  project.provide('lead', lead);
  return stop;
}
