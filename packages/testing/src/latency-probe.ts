import { trustingAgent } from './https-agent.ts';

export type ProbeResult = { samples: number; failures: number; p50: number; p99: number; max: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * A visitor loading a page again and again: `GET url` from `address` over one kept-alive connection,
 * every `intervalMs`, until `stop` resolves; the time to the last byte of each answer.
 */
export async function probeLatency(
  url: string,
  ca: string,
  address: string,
  stop: Promise<unknown>,
  intervalMs = 25,
): Promise<ProbeResult> {
  const agent = trustingAgent(ca, address, 1);
  let stopped = false;
  const done = () => (stopped = true);
  stop.then(done, done);
  const times: number[] = [];
  let failures = 0;
  while (!stopped) {
    const start = performance.now();
    try {
      const response = await agent.request({
        origin: new URL(url).origin,
        path: new URL(url).pathname,
        method: 'GET',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      await response.body.arrayBuffer();
      if (response.statusCode === 200) times.push(performance.now() - start);
      else failures++;
    } catch {
      failures++;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  await agent.close();
  times.sort((a, b) => a - b);
  return {
    samples: times.length,
    failures,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.at(-1) ?? NaN,
  };
}
