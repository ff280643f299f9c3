// Time from the API's 201 answer to the notification arriving at a real SMTP server on loopback.
// Runs the built server (npm run build first) with a fresh data folder; prints min, median, p90, max.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

const ROUNDS = 20;
const root = fileURLToPath(new URL('..', import.meta.url));
const site = JSON.parse(readFileSync(join(root, 'apps/web/build/site.json'), 'utf8'));

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

const port = 3900 + Math.floor(Math.random() * 90);
const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-notify-')),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    LOG_LEVEL: 'warn',
    CONTACT_RATE_PER_MINUTE: '1000',
    CONTACT_RATE_PER_DAY: '100000',
  },
  stdio: 'inherit',
});
const base = `http://127.0.0.1:${port}`;
for (let tries = 0; ; tries++) {
  try {
    await fetch(base);
    break;
  } catch {
    if (tries > 100) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const csrf = await fetch(`${base}/api/csrf`);
const cookie = csrf.headers.get('set-cookie').split(';')[0];
const { token } = await csrf.json();
const latencies = [];
for (let round = 0; round < ROUNDS; round++) {
  const response = await fetch(`${base}/api/ContactUs`, {
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

server.kill('SIGTERM');
smtp.close();
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
console.log(`201 answer -> mail at the SMTP server, ${ROUNDS} messages (ms)`);
console.log('min'.padStart(8), 'median'.padStart(8), 'p90'.padStart(8), 'max'.padStart(8));
console.log(...[latencies[0], at(0.5), at(0.9), latencies.at(-1)].map((ms) => ms.toFixed(1).padStart(8)));
