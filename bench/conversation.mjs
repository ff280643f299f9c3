// An operator's reply from "Send reply" to the visitor's mail server: the built server with a real SMTP
// server on loopback, an operator signed in once in Chromium with a virtual passkey, then BENCH_RUNS
// (20) visitors' messages each answered through POST /admin/api/messages/:id/replies, one after
// another; for each, the time from the request to the SMTP server holding the mail (the worker is woken
// by the reply, not polled), median, p95 and max. (Issue 22's other figure, a visitor's answer from the
// IMAP mailbox to the open thread, comes with the mailbox reader.)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_CSRF_HEADER, adminApiPaths } from '@site/api-contract';
import { launchChromium } from '@site/testing/chromium';
import { builtSiteKey, fetchXsrf, postContact } from '@site/testing/contact-client';
import { startSmtpSink } from '@site/testing/mail';
import { printedSignInLink } from '@site/testing/mail-links';
import { operatorCommandOk } from '@site/testing/operator-cli';
import { addPasskeyDevice } from '@site/testing/passkey-device';
import { freePort } from '@site/testing/ports';
import { startSiteServer } from '@site/testing/server-process';
import { ascending, median } from './lib/stats.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const cleanups = [];
try {
  const sink = await startSmtpSink();
  cleanups.push(() => sink.close());
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-conversation-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const env = {
    DATA_DIR: dataDir,
    SITE_URL: `http://localhost:${port}`,
    SMTP_URL: sink.url,
    CONTACT_RATE_PER_MINUTE: '0',
    CONTACT_RATE_PER_DAY: '0',
  };
  const server = await startSiteServer(env, port);
  cleanups.push(() => server.stop());

  const browser = await launchChromium();
  cleanups.push(() => browser.close());
  const context = await browser.newContext();
  const page = await context.newPage();
  await addPasskeyDevice(context, page);
  const invited = await operatorCommandOk(
    { LOG_LEVEL: 'warn', ...env },
    'operator',
    'invite',
    'ops@example.com',
    '--print-link',
  );
  await page.goto(printedSignInLink(invited.stdout)[0]);
  await page.getByRole('button', { name: 'Create passkey and sign in' }).click();
  await page.waitForURL(`${env.SITE_URL}/admin`);
  const cookie = (await context.cookies(env.SITE_URL))
    .map(({ name, value }) => `${name}=${value}`)
    .join('; ');
  const session = await (
    await fetch(`${server.url}${adminApiPaths.session}`, { headers: { cookie } })
  ).json();

  const times = [];
  for (let run = 0; run < RUNS; run++) {
    const visitor = `visitor-${run}@example.org`;
    const sent = await postContact(
      server.url,
      undefined,
      await fetchXsrf(server.url),
      {
        name: `Visitor ${run}`,
        email: visitor,
        subject: 'A question',
        message: 'How much is the CRM for a team of five?',
      },
      builtSiteKey(),
    );
    const { id } = await sent.json();
    const start = performance.timeOrigin + performance.now();
    const response = await fetch(`${server.url}${adminApiPaths.messages}/${id}/replies`, {
      method: 'POST',
      headers: { cookie, [ADMIN_CSRF_HEADER]: session.csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify({ text: `Reply ${run}: 12 a month per person.`, basedOn: 0 }),
    });
    if (response.status !== 201) throw new Error(`reply ${run}: ${response.status} ${await response.text()}`);
    const deadline = Date.now() + 10_000;
    let mail;
    while (!(mail = sink.mails.find((each) => each.to.includes(visitor)))) {
      if (Date.now() > deadline) throw new Error(`reply ${run} did not reach the SMTP server`);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    times.push(mail.at - start);
  }
  const sorted = ascending(times);
  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(`Send reply to the SMTP server, ${RUNS} replies one after another`);
  console.table({
    median: ms(median(times)),
    p95: ms(sorted[Math.ceil(sorted.length * 0.95) - 1]),
    max: ms(sorted.at(-1)),
  });
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
