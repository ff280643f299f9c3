// Spike: runs the repo's benches against two running servers alternately, one run at a time, so both
// see the same machine load; prints the medians. Usage: node ab.mjs first-screen|lighthouse N urlA urlB
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const [bench, n, ...urls] = process.argv.slice(2);
const repo = new URL('../../../', import.meta.url).pathname;
const runs = Object.fromEntries(urls.map((url) => [url, []]));
for (let i = 0; i < Number(n); i++) {
  for (const url of i % 2 ? [...urls].reverse() : urls) {
    execFileSync(process.execPath, [`bench/${bench}.mjs`], {
      cwd: repo,
      stdio: 'ignore',
      env: { ...process.env, BENCH_URL: url, BENCH_PATHS: '/', BENCH_RUNS: '1', BENCH_MODES: 'mobile' },
    });
    const [row] = JSON.parse(readFileSync(`${repo}bench/results/${bench}.json`, 'utf8'));
    runs[url].push(row);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [url, rows] of Object.entries(runs)) {
  const keys =
    bench === 'lighthouse' ? ['fcp', 'lcp', 'tbt', 'js', 'perf'] : ['fcpMs', 'overlayGoneMs', 'jsKiB'];
  const get = (row, key) =>
    key === 'perf' ? row.scores?.performance : key === 'js' ? row.js / 1024 : row[key];
  const out = Object.fromEntries(
    keys.map((key) => [key, Math.round(median(rows.map((r) => get(r, key))) * 10) / 10]),
  );
  console.log(url, JSON.stringify(out), 'all:', JSON.stringify(rows.map((r) => get(r, keys[0]))));
}
