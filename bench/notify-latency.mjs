// Time from the API's 201 answer to the notification arriving at a real SMTP server on loopback.
// Runs the built server (npm run build first) with a fresh data folder; prints min, median, p90, max.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { repo, siteServer, xsrf } from './lib/serve.mjs';

const ROUNDS = 20;
const site = JSON.parse(readFileSync(join(repo, 'apps/web/build/site.json'), 'utf8'));

const arrivals = new Map();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  // A loopback peer needs no reverse DNS lookup (it costs ~100 ms here).
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    let raw = '';
    stream.on('data', (chunk) => (raw += chunk));
    stream.on('end', () => {
      const round = /bench-round-(\d+)/.exec(raw)?.[1];
      if (round) arrivals.set(Number(round), performance.now());
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;

const server = await siteServer({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  CONTACT_RATE_PER_MINUTE: '1000',
  CONTACT_RATE_PER_DAY: '100000',
});
const { cookie, token } = await xsrf(server.url);
const latencies = [];
for (let round = 0; round < ROUNDS; round++) {
  const response = await fetch(`${server.url}/api/ContactUs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', guid: site.siteKey, cookie, 'x-xsrf-token': token },
    body: JSON.stringify({
      name: 'Bench',
      email: 'bench@example.com',
      subject: `bench-round-${round}`,
      message: 'Timing.',
    }),
  });
  const answeredAt = performance.now();
  if (response.status !== 201) throw new Error(`round ${round}: HTTP ${response.status}`);
  while (!arrivals.has(round)) await new Promise((resolve) => setTimeout(resolve, 1));
  latencies.push(arrivals.get(round) - answeredAt);
}

await server.stop();
smtp.close();
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
console.log(`201 answer -> mail at the SMTP server, ${ROUNDS} messages (ms)`);
console.log('min'.padStart(8), 'median'.padStart(8), 'p90'.padStart(8), 'max'.padStart(8));
console.log(...[latencies[0], at(0.5), at(0.9), latencies.at(-1)].map((ms) => ms.toFixed(1).padStart(8)));
