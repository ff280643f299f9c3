// Both ways of a conversation, on the built server with a real SMTP server on loopback and a
// real IMAP server (Dovecot, read with IDLE; the poll at its longest, 30 s), an operator signed in once
// in Chromium with a virtual passkey. BENCH_RUNS (20) visitors' messages, one after another:
// - each answered through POST /admin/api/messages/:id/replies: the time from the request to the SMTP
//   server holding the mail (the worker is woken by the reply, not polled);
// - the message open in the inbox, the visitor's answer to that mail appended to the mailbox (IMAP
//   APPEND, as a mail server delivers): the time from the APPEND's OK to the answer's text in the open
//   thread (IDLE, the import, then the inbox's question for the thread's version every 1 s), each
//   answer a step later in that second than the one before.
// Median, p95 and max of each.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_CSRF_HEADER, adminApiPaths } from '@site/api-contract';
import { launchChromium } from '@site/testing/chromium';
import { builtSiteKey, fetchXsrf, postContact } from '@site/testing/contact-client';
import { startDovecot } from '@site/testing/dovecot';
import { startSmtpSink } from '@site/testing/mail';
import { printedSignInLink } from '@site/testing/mail-links';
import { messagesCommandOk } from '@site/testing/messages-command';
import { addPasskeyDevice } from '@site/testing/passkey-device';
import { freePort } from '@site/testing/ports';
import { startSiteServer } from '@site/testing/server-process';
import { simpleParser } from 'mailparser';
import { THREAD_VERSION_INTERVAL_MS } from '../apps/admin/src/inbox/open-message-polls.ts';
import { ascending, median } from './lib/stats.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const cleanups = [];
try {
  const sink = await startSmtpSink();
  cleanups.push(() => sink.close());
  const dovecot = await startDovecot();
  cleanups.push(() => dovecot.close());
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-conversation-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const env = {
    DATA_DIR: dataDir,
    SITE_URL: `http://localhost:${port}`,
    SMTP_URL: sink.url,
    IMAP_URL: dovecot.url,
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
  const invited = await messagesCommandOk(
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

  const now = () => performance.timeOrigin + performance.now();
  const times = [];
  const answerTimes = [];
  for (let run = 0; run < RUNS; run++) {
    const visitor = `visitor-${run}@example.org`;
    const sent = await postContact(
      server.url,
      undefined,
      await fetchXsrf(server.url),
      {
        name: `Visitor ${run}`,
        email: visitor,
        subject: `A question, number ${run}`,
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

    await page.goto(`${env.SITE_URL}/admin`);
    await page.locator('button[data-message-id]', { hasText: `A question, number ${run}` }).click();
    const thread = page.locator('article.message-view .thread');
    await thread.locator('.entry.reply').waitFor();
    const reply = await simpleParser(mail.raw);
    // At any moment of the inbox's 1 s between two questions, as a real answer arrives.
    await new Promise((resolve) => setTimeout(resolve, (run / RUNS) * THREAD_VERSION_INTERVAL_MS));
    await dovecot.deliver(
      [
        `From: Visitor ${run} <${visitor}>`,
        `To: ${reply.replyTo.text}`,
        `Subject: Re: A question, number ${run}`,
        `Message-ID: <answer-${run}@example.org>`,
        `In-Reply-To: ${reply.messageId}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        `Answer ${run}: thank you, that is clear.`,
        '',
      ].join('\r\n'),
    );
    const delivered = now();
    await thread.locator('.entry.answer', { hasText: `Answer ${run}:` }).waitFor({ timeout: 35_000 });
    answerTimes.push(now() - delivered);
  }
  const ms = (value) => `${value.toFixed(1)} ms`;
  const summary = (values) => {
    const sorted = ascending(values);
    return {
      median: ms(median(values)),
      p95: ms(sorted[Math.ceil(sorted.length * 0.95) - 1]),
      max: ms(sorted.at(-1)),
    };
  };
  console.log(`Send reply to the SMTP server, ${RUNS} replies one after another`);
  console.table(summary(times));
  console.log(`The visitor's answer, from the IMAP mailbox to the open thread, ${RUNS} answers`);
  console.table(summary(answerTimes));
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
