import { cpSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cookie, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  ADMIN_CSRF_HEADER,
  adminEndpoints,
  adminPages,
  adminPath,
  type ContactMessageInput,
} from '@site/api-contract';
import { builtSiteKey, fetchXsrf, postContact } from '@site/testing/contact-client';
import { startDovecot } from '@site/testing/dovecot';
import { startSmtpSink } from '@site/testing/mail';
import { sinkSignInLink, sinkSignInMails } from '@site/testing/mail-links';
import { messagesCommand } from '@site/testing/messages-command';
import { freePort } from '@site/testing/ports';
import { startSiteServer } from '@site/testing/server-process';

/**
 * The built server on http://localhost (passkeys need a domain, not an IP address), its mail going to a
 * real SMTP server on loopback whose mails the tests read, and reading the company's mailbox on a real
 * IMAP server (IDLE only: the poll is the longest there is), where tests deliver visitors' mails.
 * `settings` add to or change the server's environment (a spec's own, such as webhooks that retry fast);
 * `from`, a data folder to start with a copy of (the lead's, `e2e/support/prepared-lead.ts`).
 */
export async function startInboxSite(settings: Record<string, string> = {}, from?: string) {
  const sink = await startSmtpSink();
  const dovecot = await startDovecot();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-inbox-'));
  if (from) cpSync(from, dataDir, { recursive: true });
  const env = {
    DATA_DIR: dataDir,
    SITE_URL: `http://localhost:${port}`,
    SMTP_URL: sink.url,
    IMAP_URL: dovecot.url,
    NOTIFY_TO: 'leads@example.com',
    CONTACT_RATE_PER_MINUTE: '1000',
    // Tests send a message as soon as they have the token, which the filter counts as too fast for a
    // person (4 points): no possibly spam label unless a spec opens the band (possibly-spam.spec.ts).
    SPAM_POSSIBLY_THRESHOLD: '5',
    // A refused notification is given up on within a second, so the inbox can show it failed.
    OUTBOX_MAX_ATTEMPTS: '2',
    OUTBOX_RETRY_FIRST_MS: '200',
    // Notifications and replies go out within a tenth of a second of being queued, not a second.
    OUTBOX_POLL_MS: '100',
    ...settings,
  };
  const server = await startSiteServer(env, port).catch(async (error: unknown) => {
    await sink.close();
    await dovecot.close();
    throw error;
  });
  const origin = env.SITE_URL;

  /** The mails to `email` that carry a sign-in link (others tell of passkeys). */
  const linkMails = (email: string) => sinkSignInMails(sink.mails, email);

  /** The sign-in link in the `count`-th such mail to `email`, as the operator's mail client shows it. */
  async function mailedLink(email: string, count: number) {
    const mails = () => linkMails(email);
    await expect.poll(() => mails().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
    const link = await sinkSignInLink(mails().at(-1)!);
    expect(link, mails().at(-1)!.raw).toBeDefined();
    return link!;
  }

  return {
    origin,
    env,
    sink,
    dovecot,
    /** Invites on the command line, as the first operator is; the link comes by mail. */
    async invite(email: string) {
      const before = linkMails(email).length;
      const result = await messagesCommand(env, 'operator', 'invite', email);
      expect(result.code, result.stderr).toBe(0);
      return mailedLink(email, before + 1);
    },
    mailedLink,
    linkMails,
    /** A visitor's message through the public API (`website` is the honeypot); its id. */
    async send(body: ContactMessageInput) {
      const response = await postContact(origin, undefined, await fetchXsrf(origin), body, builtSiteKey());
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    },
    /** Stops it all and removes its data, or moves the data to `keepAt`. */
    async stop(keepAt?: string) {
      await server.stop();
      await sink.close();
      await dovecot.close();
      if (keepAt) renameSync(dataDir, keepAt);
      else rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type InboxSite = Awaited<ReturnType<typeof startInboxSite>>;

/**
 * What a signed-in operator's browser does through the inbox's API, with the session `session`: inviting
 * an operator as the Operators page does, and restricting a person as the Privacy requests page does.
 * The browser tests use it to prepare what a test is not about, without a command-line process each.
 */
export async function operatorApi(site: InboxSite, session: Cookie) {
  const cookie = `${session.name}=${session.value}`;
  const current = await fetch(site.origin + adminEndpoints.session.path, { headers: { cookie } });
  expect(current.status).toBe(200);
  const { csrfToken } = (await current.json()) as { csrfToken: string };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(site.origin + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: site.origin,
        cookie,
        [ADMIN_CSRF_HEADER]: csrfToken,
      },
      body: JSON.stringify(body),
    });
    expect(response.ok, await response.clone().text()).toBe(true);
  };
  return {
    /** Invites `email` from the inbox; the link comes by mail. */
    async invite(email: string) {
      const before = site.linkMails(email).length;
      await post(adminEndpoints.inviteOperator.path, { email });
      return site.mailedLink(email, before + 1);
    },
    /** Restricts the processing of everything from `email`. */
    restrict: (email: string) => post(adminEndpoints.restrictSubject.path, { email }),
    /** Replies to message `id`, as the first reply of its conversation. */
    reply: (id: string, text: string) =>
      post(adminPath(adminEndpoints.sendReply, { id }), { text, basedOn: 0 }),
  };
}

export type OperatorApi = Awaited<ReturnType<typeof operatorApi>>;

/** Opens the mailed link and creates the passkey: the operator lands in the inbox. */
export async function registerFromLink(page: Page, link: string) {
  await page.goto(link);
  await page.getByRole('button', { name: 'Create passkey and sign in' }).click();
  await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe(adminPages.inbox);
}
