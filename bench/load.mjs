// Requests per second and latency of the real server, side by side with a bare Fastify "hello".
// The rate limit is lifted for this run only; SQLite stays durable (WAL, synchronous FULL), and every
// stored message's notification is written as an .eml file (no SMTP_URL), whose backlog is reported.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { CONTACT_API_PATH, SITE_KEY_HEADER, XSRF_HEADER } from '@site/contact';
import { repo, startNodeServer, startSiteServer } from '@site/testing/server-process';
import { xsrf } from './lib/xsrf.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const site = JSON.parse(await readFile(join(repo, 'apps/web/build/site.json'), 'utf8'));

const run = (options) =>
  new Promise((resolve, reject) =>
    autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );

const bare = await startNodeServer(join(repo, 'bench/lib/bare-server.mjs'));
const server = await startSiteServer({ CONTACT_RATE_PER_MINUTE: '0', CONTACT_RATE_PER_DAY: '0' });
const { cookie, token } = await xsrf(server.url);
const message = JSON.stringify({
  name: 'Load Test',
  email: 'load@example.com',
  subject: 'Benchmark',
  message: 'Hello from autocannon.',
});

const cases = [
  { name: 'bare Fastify GET /', options: { url: `${bare.url}/` } },
  {
    name: 'GET / (page, brotli)',
    options: { url: `${server.url}/`, headers: { 'accept-encoding': 'br, gzip' } },
  },
  {
    name: `POST ${CONTACT_API_PATH}`,
    options: {
      url: server.url + CONTACT_API_PATH,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SITE_KEY_HEADER]: site.siteKey,
        cookie,
        [XSRF_HEADER]: token,
      },
      body: message,
    },
  },
];

const mailsWritten = async () =>
  (await readdir(join(server.dataDir, 'mail')).catch(() => [])).filter((name) => name.endsWith('.eml'))
    .length;

const results = [];
let notifications;
for (const { name, options } of cases) {
  const result = await run(options);
  const non2xx = result.non2xx + result.errors;
  results.push({
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx,
  });
  if (options.method === 'POST') {
    const ended = Date.now();
    const duringRun = await mailsWritten();
    // Listing a folder of 100,000+ files is work too: look once a second, not more often.
    while ((await mailsWritten()) < result['2xx'] && Date.now() - ended < 300_000) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    notifications = {
      stored: result['2xx'],
      writtenDuringRun: duringRun,
      allWrittenAfterS: (await mailsWritten()) >= result['2xx'] ? (Date.now() - ended) / 1000 : null,
    };
  }
}
await bare.stop();
await server.stop();

const base = results[0].requestsPerSecond;
console.log(`autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each, loopback`);
console.log(
  'route'.padEnd(26),
  'req/s'.padStart(9),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'vs bare'.padStart(8),
  'non-2xx'.padStart(8),
);
for (const r of results) {
  console.log(
    r.name.padEnd(26),
    r.requestsPerSecond.toFixed(0).padStart(9),
    String(r.p50).padStart(8),
    String(r.p99).padStart(8),
    `${((100 * r.requestsPerSecond) / base).toFixed(0)} %`.padStart(8),
    String(r.non2xx).padStart(8),
  );
}
console.log(
  `notifications: ${notifications.stored} messages stored, ${notifications.writtenDuringRun} mails written during the run,`,
  notifications.allWrittenAfterS === null
    ? 'the rest not written within 5 minutes'
    : `all written ${notifications.allWrittenAfterS.toFixed(1)} s after it ended`,
);
await mkdir(join(repo, 'bench/results'), { recursive: true });
await writeFile(
  join(repo, 'bench/results/load.json'),
  `${JSON.stringify({ connections: CONNECTIONS, results, notifications }, null, 2)}\n`,
);
