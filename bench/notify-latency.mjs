// Time from the API's 201 answer to the notification arriving at a real SMTP server on loopback.
// Runs the built server (npm run build first) with a fresh data folder; prints min, median, p90, max.
import { startSmtpSink } from '@site/testing/mail';
import { startSiteServer } from '@site/testing/server-process';
import { builtSiteKey, fetchXsrf, postContact } from '@site/testing/contact-client';
import { sampleMessage } from '@site/testing/sample-message';

const ROUNDS = 20;
const smtp = await startSmtpSink();
const arrivalOf = (round) => smtp.mails.find((mail) => mail.raw.includes(`bench-round-${round}`))?.at;

const server = await startSiteServer({
  SMTP_URL: smtp.url,
  CONTACT_RATE_PER_MINUTE: '1000',
  CONTACT_RATE_PER_DAY: '100000',
});
const xsrf = await fetchXsrf(server.url);
const latencies = [];
for (let round = 0; round < ROUNDS; round++) {
  const response = await postContact(
    server.url,
    undefined,
    xsrf,
    { ...sampleMessage, subject: `bench-round-${round}` },
    builtSiteKey(),
  );
  const answeredAt = performance.timeOrigin + performance.now();
  if (response.status !== 201) throw new Error(`round ${round}: HTTP ${response.status}`);
  while (arrivalOf(round) === undefined) await new Promise((resolve) => setTimeout(resolve, 1));
  latencies.push(arrivalOf(round) - answeredAt);
}

await server.stop();
await smtp.close();
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
console.log(`201 answer -> mail at the SMTP server, ${ROUNDS} messages (ms)`);
console.log('min'.padStart(8), 'median'.padStart(8), 'p90'.padStart(8), 'max'.padStart(8));
console.log(...[latencies[0], at(0.5), at(0.9), latencies.at(-1)].map((ms) => ms.toFixed(1).padStart(8)));
