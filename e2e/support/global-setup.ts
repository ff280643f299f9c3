import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumArgs, chromiumPath } from './chromium';
import { startSiteServer } from './site-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    browserEndpoint: string;
  }
}

/** One real server (the production build) and one Chromium for the whole browser suite. */
export default async function setup(project: TestProject) {
  const server = await startSiteServer();
  const browser = await chromium
    .launchServer({ executablePath: chromiumPath, args: chromiumArgs })
    .catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
  project.provide('baseUrl', server.url);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.stop();
  };
}
