import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import type { Browser, Cookie } from 'playwright-core';
import { ADMIN_SESSION_COOKIE } from '@site/api-contract';
import { registerFromLink, startInboxSite } from './inbox-site';
import { openOperatorBrowser } from './operator-browser';

/** The email address of every inbox spec's lead: the first operator, invited on the command line. */
export const LEAD_EMAIL = 'team-lead@example.com';

/** The lead of the inbox specs: a data folder where it is signed in, and its session's cookie. */
export type PreparedLead = { dataDir: string; session: Cookie };

/** Longer than a preparation takes on a busy machine; a test's own time limit may end the wait first. */
const WAIT_MS = 120_000;

/**
 * The lead, prepared once for the whole run in `dir` (a folder the global set-up gives every spec file):
 * the first file that asks prepares it, files that ask meanwhile wait for it, later ones read it. Only
 * the inbox's specs ask, so the public site's specs pay nothing for it (decision 061).
 */
export async function prepareLeadOnce(browser: Browser, dir: string): Promise<PreparedLead> {
  const ready = join(dir, 'lead.json');
  const failed = join(dir, 'failed');
  try {
    // Creating a folder succeeds for one process only: that one prepares.
    mkdirSync(join(dir, 'claimed'));
  } catch {
    for (const deadline = Date.now() + WAIT_MS; Date.now() < deadline; await pause(50)) {
      if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8')) as PreparedLead;
      if (existsSync(failed))
        throw new Error(`the lead could not be prepared: ${readFileSync(failed, 'utf8')}`);
    }
    throw new Error(`the lead was not prepared within ${WAIT_MS / 1000} s`);
  }
  try {
    const lead = await prepareLead(browser, join(dir, 'data'));
    writeFileSync(`${ready}.tmp`, JSON.stringify(lead));
    renameSync(`${ready}.tmp`, ready);
    return lead;
  } catch (error) {
    writeFileSync(failed, String(error));
    throw error;
  }
}

/**
 * An inbox site whose first operator, the lead, is invited on the command line and creates a passkey in
 * a browser; its data folder is kept at `dataDir` (each spec file's site starts from a copy of it), with
 * the session the browser was given.
 */
async function prepareLead(browser: Browser, dataDir: string): Promise<PreparedLead> {
  const site = await startInboxSite();
  try {
    const { context, page } = await openOperatorBrowser(browser);
    await registerFromLink(page, await site.invite(LEAD_EMAIL));
    const session = (await context.cookies(site.origin)).find(({ name }) => name === ADMIN_SESSION_COOKIE);
    await context.close();
    if (!session) throw new Error('the lead is not signed in');
    await site.stop(dataDir);
    return { dataDir, session };
  } catch (error) {
    await site.stop();
    throw error;
  }
}
