// Webhooks from the built server (npm run build first) to a real receiver on loopback that verifies every
// delivery with the official `standardwebhooks` package (packages/testing/src/webhook-receiver.ts): the
// endpoint given by WEBHOOK_URL and WEBHOOK_SECRET, the worker's settings production's (8 deliveries at
// once), the rate limit off, notifications written as .eml files (no SMTP_URL).
// 1. Latency: time from the API's 201 to the receiver holding the verified delivery, for BENCH_RUNS (300)
//    messages one after another, then as many 10 at once: p50, p99, max.
// 2. Throughput: a backlog of `--messages N` (or BENCH_MESSAGES, 10,000) deliveries, queued by the server
//    itself while the receiver hangs (the worker's 8 slots held, the rest waiting); once the notifications'
//    outbox has drained, the receiver restarts answering 2xx: the time until every delivery has arrived
//    and verified, and the server's CPU per delivery.
// On a fresh DATA_DIR (SQLite), or with `--db postgres` a new database of the PostgreSQL test server.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { builtSiteKey, fetchXsrf, postContact } from '@site/testing/contact-client';
import { createPostgresDatabase, dropPostgresDatabases } from '@site/testing/postgres';
import { numberedMessage } from '@site/testing/sample-message';
import { repo, startSiteServer } from '@site/testing/server-process';
import { startWebhookReceiver } from '@site/testing/webhook-receiver';
import { cpuMicroseconds } from './lib/process-cpu.mjs';
import { ascending, nearestRank } from './lib/stats.mjs';

const { values } = parseArgs({
  options: { db: { type: 'string', default: 'sqlite' }, messages: { type: 'string' } },
});
if (!['sqlite', 'postgres'].includes(values.db)) throw new Error('--db is sqlite or postgres');
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const BURST_SIZE = 10;
const BACKLOG = Number(values.messages ?? process.env.BENCH_MESSAGES ?? 10_000);
if (!(BACKLOG > 0)) throw new Error('--messages is a number of messages');
/** Messages in flight at once while the backlog is sent. */
const SENDERS = 50;
const DATABASE_PREFIX = 'bench_webhooks';
const TIMEOUT_MS = 120_000;

const now = () => performance.timeOrigin + performance.now();
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const secret = `whsec_${randomBytes(24).toString('base64')}`;
const siteKey = builtSiteKey();

/** Waits until `done()` holds, looking every millisecond; fails after TIMEOUT_MS with `what`. */
async function until(done, what) {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${TIMEOUT_MS / 1000} s`);
    await pause(1);
  }
}

/**
 * The arrival time of each message's first verified delivery, by message id, among the requests the
 * receiver got from the `from`-th on; read as the list grows, each request once.
 */
function arrivalsAt(receiver, from = receiver.received.length) {
  const at = new Map();
  let read = from;
  return () => {
    for (; read < receiver.received.length; read++) {
      const { verified, event, at: arrived } = receiver.received[read];
      if (verified && !at.has(event.data.message.id)) at.set(event.data.message.id, arrived);
    }
    return at;
  };
}

/** Sends one message; its id and the moment its 201 came. */
async function send(server, xsrf, index) {
  const response = await postContact(server.url, undefined, xsrf, numberedMessage(index), siteKey);
  const answeredAt = now();
  if (response.status !== 201) throw new Error(`message ${index}: HTTP ${response.status}`);
  const { id } = await response.json();
  return { id, answeredAt };
}

/** Latency of `count` messages, `atOnce` at a time, each batch waiting for its deliveries. */
async function latencies(server, receiver, xsrf, count, atOnce, first) {
  const arrivals = arrivalsAt(receiver);
  const result = [];
  for (let start = 0; start < count; start += atOnce) {
    const sent = await Promise.all(
      Array.from({ length: Math.min(atOnce, count - start) }, (_, offset) =>
        send(server, xsrf, first + start + offset),
      ),
    );
    await until(() => sent.every(({ id }) => arrivals().has(id)), 'deliveries of one batch');
    for (const { id, answeredAt } of sent) result.push(arrivals().get(id) - answeredAt);
  }
  return result;
}

const summary = (values) => {
  const sorted = ascending(values);
  return {
    count: sorted.length,
    p50: nearestRank(sorted, 0.5),
    p99: nearestRank(sorted, 0.99),
    max: sorted.at(-1),
  };
};

const mailsWritten = async (dataDir) =>
  (await readdir(join(dataDir, 'mail')).catch(() => [])).filter((name) => name.endsWith('.eml')).length;

/** The backlog: sent while the receiver hangs, then drained once it answers again. */
async function backlogThroughput(server, receiver, xsrf, first) {
  receiver.answer({ kind: 'hang' });
  const before = receiver.received.length;
  const sendingStarted = now();
  let next = 0;
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < BACKLOG) await send(server, xsrf, first + next++);
    }),
  );
  const sendingS = (now() - sendingStarted) / 1000;
  const held = receiver.received.length - before;
  // The notifications of the backlog are written first, so the deliveries have the server to themselves.
  const notified = 2 * RUNS + BACKLOG;
  const outboxStarted = now();
  while ((await mailsWritten(server.dataDir)) < notified) {
    if (now() - outboxStarted > TIMEOUT_MS) throw new Error('the outbox did not drain');
    await pause(250);
  }

  const upAt = now();
  const serverCpuBefore = cpuMicroseconds(server.process.pid);
  const ownCpuBefore = process.cpuUsage();
  const arrivals = arrivalsAt(receiver);
  const firstRequest = receiver.received.length;
  receiver.answer({ kind: 'ok' });
  // A receiver restarted: the held requests end without an answer (they are retried), new ones get 204.
  await receiver.down();
  await receiver.up();
  await until(() => arrivals().size >= BACKLOG, 'the backlog');
  const serverCpuMs = (cpuMicroseconds(server.process.pid) - serverCpuBefore) / 1000;
  const { user, system } = process.cpuUsage(ownCpuBefore);
  const times = ascending([...arrivals().values()]);
  const answered = receiver.received.slice(firstRequest);
  return {
    backlog: BACKLOG,
    sendingS,
    heldWhileHanging: held,
    allArrivedS: (times.at(-1) - upAt) / 1000,
    firstArrivedMs: times[0] - upAt,
    perSecond: BACKLOG / ((times.at(-1) - upAt) / 1000),
    requests: answered.length,
    serverCpuPerDeliveryMs: serverCpuMs / BACKLOG,
    receiverCpuPerDeliveryMs: (user + system) / 1000 / BACKLOG,
    unverified: answered.filter((each) => !each.verified).length,
  };
}

const receiver = await startWebhookReceiver({ secret });
const database = values.db === 'postgres' ? await createPostgresDatabase(DATABASE_PREFIX) : undefined;
let results;
try {
  const server = await startSiteServer({
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET: secret,
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    // The held deliveries of a receiver that restarts go again a moment later, not 5 s later.
    WEBHOOK_RETRY_FIRST_MS: '100',
    CONTACT_RATE_PER_MINUTE: '0',
    CONTACT_RATE_PER_DAY: '0',
    // Not the 8 warnings of the held deliveries' retries.
    LOG_LEVEL: 'error',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  try {
    const xsrf = await fetchXsrf(server.url);
    const oneByOne = await latencies(server, receiver, xsrf, RUNS, 1, 0);
    const inBursts = await latencies(server, receiver, xsrf, RUNS, BURST_SIZE, RUNS);
    const backlog = await backlogThroughput(server, receiver, xsrf, 2 * RUNS);
    results = { db: values.db, oneByOne: summary(oneByOne), inBursts: summary(inBursts), backlog };
  } finally {
    await server.stop();
    await rm(server.dataDir, { recursive: true, force: true });
  }
} finally {
  await receiver.close();
  if (database) await dropPostgresDatabases(DATABASE_PREFIX);
}

const ms = (value) => value.toFixed(1).padStart(8);
const databaseName = values.db === 'postgres' ? 'PostgreSQL' : 'SQLite';
console.log(`webhooks on ${databaseName}: 201 answer -> verified delivery at the receiver (ms)`);
console.log(''.padEnd(26), 'count'.padStart(6), 'p50'.padStart(8), 'p99'.padStart(8), 'max'.padStart(8));
for (const [name, each] of [
  ['one after another', results.oneByOne],
  [`${BURST_SIZE} at once`, results.inBursts],
])
  console.log(name.padEnd(26), String(each.count).padStart(6), ms(each.p50), ms(each.p99), ms(each.max));
const { backlog } = results;
console.log(
  `backlog of ${backlog.backlog} deliveries, queued in ${backlog.sendingS.toFixed(1)} s while the receiver hung`,
  `(${backlog.heldWhileHanging} held open):`,
);
console.log(
  `  all verified ${backlog.allArrivedS.toFixed(1)} s after the receiver came back:`,
  `${backlog.perSecond.toFixed(0)} deliveries/s (the first after ${backlog.firstArrivedMs.toFixed(0)} ms)`,
);
console.log(
  `  ${backlog.requests} requests, ${backlog.unverified} unverified; CPU per delivery: the server`,
  `${backlog.serverCpuPerDeliveryMs.toFixed(2)} ms, the receiver and this script ${backlog.receiverCpuPerDeliveryMs.toFixed(2)} ms`,
);
await mkdir(join(repo, 'bench/results'), { recursive: true });
await writeFile(
  join(repo, `bench/results/webhooks-${values.db}.json`),
  `${JSON.stringify(results, null, 2)}\n`,
);
