// Lighthouse in Debian's Chromium against the production build served by the real server:
// every route, mobile (simulated throttling) and desktop, 3 runs each, median.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromiumArgs, chromiumPath } from '@site/testing/chromium';
import { NO_SUCH_PAGE } from '@site/testing/pages';
import { repo, startSiteServer } from '@site/testing/server-process';
import { squeezeToCpuTime } from './lib/cpu-time-trace.mjs';
import { tasksAfterFirstPaint } from './lib/long-tasks.mjs';
import { RUNS, sitePages as paths } from './lib/site-pages.mjs';
import { median } from './lib/stats.mjs';

const allModes = { mobile: undefined, desktop: desktopConfig };
const modes = Object.fromEntries(
  Object.entries(allModes).filter(([mode]) =>
    (process.env.BENCH_MODES ?? 'mobile,desktop').split(',').includes(mode),
  ),
);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

const server = await startSiteServer();
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: chromiumArgs,
});

// Chromium sometimes loses the navigation start (NO_NAVSTART); such a run is repeated, up to twice.
// Each load is gathered into a folder and audited from it, then audited again with its trace squeezed to
// the thread CPU time of each task (bench/lib/cpu-time-trace.mjs): the Total Blocking Time a quiet
// machine would have given the same load.
async function audit(url, config, isNotFound) {
  const flags = {
    port: chrome.port,
    logLevel: 'error',
    onlyCategories: categories,
    // The not-found page answers 404 on purpose; audit it anyway.
    ignoreStatusCode: isNotFound,
  };
  for (let attempt = 0; ; attempt++) {
    const folder = await mkdtemp(join(tmpdir(), 'lighthouse-'));
    try {
      await lighthouse(url, { ...flags, gatherMode: folder }, config);
      const { lhr, artifacts } = await lighthouse(url, { ...flags, auditMode: folder }, config);
      if (lhr.runtimeError?.code === 'NO_NAVSTART' && attempt < 2) continue;
      if (lhr.runtimeError) return { lhr, trace: artifacts.Trace };
      const traceFile = join(folder, 'trace.json');
      const squeezed = squeezeToCpuTime(JSON.parse(await readFile(traceFile, 'utf8')));
      await writeFile(traceFile, JSON.stringify(squeezed));
      const { lhr: quiet } = await lighthouse(url, { ...flags, auditMode: folder }, config);
      return { lhr, trace: artifacts.Trace, tbtCpu: quiet.audits['total-blocking-time'].numericValue };
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
}

const results = [];
for (const [mode, config] of Object.entries(modes)) {
  for (const path of paths) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const { lhr, trace, tbtCpu } = await audit(`${server.url}${path}`, config, path.endsWith(NO_SUCH_PAGE));
      if (lhr.runtimeError) {
        runs.push({ error: lhr.runtimeError.code });
        continue;
      }
      const bytes = { total: 0 };
      for (const request of lhr.audits['network-requests']?.details?.items ?? []) {
        bytes[request.resourceType] = (bytes[request.resourceType] ?? 0) + (request.transferSize ?? 0);
        bytes.total += request.transferSize ?? 0;
      }
      runs.push({
        scores: Object.fromEntries(categories.map((c) => [c, Math.round(lhr.categories[c].score * 100)])),
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        tbtCpu,
        longTasks: await tasksAfterFirstPaint(trace),
        fcp: lhr.audits['first-contentful-paint'].numericValue,
        js: bytes.Script ?? 0,
        css: bytes.Stylesheet ?? 0,
        fonts: bytes.Font ?? 0,
        images: bytes.Image ?? 0,
        total: bytes.total,
        // Lighthouse counts an audit as passed from a score of 0.9.
        failedAudits: categories.flatMap((c) =>
          lhr.categories[c].auditRefs
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 0.9)
            .map((ref) => ref.id),
        ),
      });
    }
    const pick = (get) => median(runs.map(get));
    if (runs.some((run) => run.error)) {
      results.push({ mode, path, error: runs.find((run) => run.error).error });
      continue;
    }
    results.push({
      mode,
      path,
      scores: Object.fromEntries(categories.map((c) => [c, pick((r) => r.scores[c])])),
      lcp: pick((r) => r.lcp),
      cls: pick((r) => r.cls),
      tbt: pick((r) => r.tbt),
      tbtCpu: pick((r) => r.tbtCpu),
      fcp: pick((r) => r.fcp),
      js: pick((r) => r.js),
      css: pick((r) => r.css),
      fonts: pick((r) => r.fonts),
      images: pick((r) => r.images),
      total: pick((r) => r.total),
      // The target is performance 100 in every run, so the worst run is shown too.
      worstPerformance: Math.min(...runs.map((r) => r.scores.performance)),
      // What the blocking time of the run with the most was made of.
      longTasks: runs.reduce((worst, run) => (run.tbt > worst.tbt ? run : worst)).longTasks,
      failedAudits: [...new Set(runs.flatMap((r) => r.failedAudits))],
    });
  }
}
await chrome.kill();
await server.stop();

const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log(
  `Lighthouse ${RUNS} runs each, median. Scores: performance / accessibility / best practices / SEO.`,
  'TBT CPU: Total Blocking Time with every task of the same run at its thread CPU time (a quiet machine)',
);
console.log(
  'mode'.padEnd(8),
  'path'.padEnd(18),
  'scores'.padEnd(16),
  'LCP ms'.padStart(7),
  'CLS'.padStart(6),
  'TBT ms'.padStart(7),
  'TBT CPU'.padStart(8),
  'FCP ms'.padStart(7),
  'JS KB'.padStart(6),
  'CSS KB'.padStart(7),
  'font KB'.padStart(8),
  'img KB'.padStart(7),
  'all KB'.padStart(7),
  'worst perf'.padStart(11),
);
for (const r of results) {
  if (r.error) {
    console.log(r.mode.padEnd(8), r.path.padEnd(18), `Lighthouse refused: ${r.error}`);
    continue;
  }
  console.log(
    r.mode.padEnd(8),
    r.path.padEnd(18),
    categories
      .map((c) => r.scores[c])
      .join('/')
      .padEnd(16),
    r.lcp.toFixed(0).padStart(7),
    r.cls.toFixed(3).padStart(6),
    r.tbt.toFixed(0).padStart(7),
    r.tbtCpu.toFixed(0).padStart(8),
    r.fcp.toFixed(0).padStart(7),
    kb(r.js).padStart(6),
    kb(r.css).padStart(7),
    kb(r.fonts).padStart(8),
    kb(r.images).padStart(7),
    kb(r.total).padStart(7),
    String(r.worstPerformance).padStart(11),
  );
}
console.log(
  '\nMain-thread tasks of 10 ms or more after the first contentful paint, in the run with the most TBT',
  '(ms observed, CPU ms of the thread, L if it lays out; Lighthouse mobile counts 4x, 2x with layout, over 50):',
);
for (const r of results.filter((r) => r.longTasks?.length)) {
  console.log(`${r.mode} ${r.path}`);
  for (const task of r.longTasks.slice(0, 5))
    console.log(
      `  at ${task.at.toFixed(0).padStart(5)} ms: ${task.ms.toFixed(1).padStart(6)} ms, CPU ${task.cpuMs?.toFixed(1) ?? '?'} ms${task.layout ? ', L' : ''}; ${task.madeOf}`,
    );
}
for (const r of results.filter((r) => r.failedAudits?.length)) {
  console.log(`${r.mode} ${r.path} fails: ${r.failedAudits.join(', ')}`);
}
await mkdir(join(repo, 'bench/results'), { recursive: true });
await writeFile(join(repo, 'bench/results/lighthouse.json'), `${JSON.stringify(results, null, 2)}\n`);
