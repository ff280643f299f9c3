// MDN HTTP Observatory's scanner against the local server: its score and every failed test.
// The package installs with its scripts denied (they download lists), so it needs an empty HSTS
// preload list in its conf/ folder, created here when missing.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { repo, startSiteServer } from '@site/testing/server-process';

const packageDir = dirname(createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory/package.json'));
const preload = join(packageDir, 'conf/hsts-preload.json');
if (!existsSync(preload)) {
  mkdirSync(dirname(preload), { recursive: true });
  writeFileSync(preload, '{}\n');
}

const server = await startSiteServer();
const { stdout } = await promisify(execFile)(
  process.execPath,
  [join(packageDir, 'bin/wrapper.js'), `127.0.0.1:${server.port}`],
  {
    maxBuffer: 10 * 1024 * 1024,
  },
);
await server.stop();

const report = JSON.parse(stdout);
console.log(
  `MDN HTTP Observatory: grade ${report.scan.grade}, score ${report.scan.score}, ${report.scan.testsPassed}/${report.scan.testsQuantity} tests passed`,
);
for (const [name, test] of Object.entries(report.tests)) {
  if (!test.pass)
    console.log(`  failed  ${name}: ${test.result} (${test.scoreModifier}) ${test.scoreDescription ?? ''}`);
}
await mkdir(join(repo, 'bench/results'), { recursive: true });
await writeFile(join(repo, 'bench/results/headers.json'), `${JSON.stringify(report, null, 2)}\n`);
