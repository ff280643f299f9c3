// MDN HTTP Observatory's scanner against the site as production serves it: two instances behind Caddy
// (deploy/Caddyfile) with HTTPS from Caddy's internal CA, at https://localhost. The scanner knows no
// ports but 80 and 443, so Caddy takes those (root, or CAP_NET_BIND_SERVICE for /usr/bin/caddy).
// The package installs with its scripts denied (they download lists), so it needs an empty HSTS preload
// list in its conf/ folder, created here when missing.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { startProxiedSite } from '@site/testing/proxied-site';
import { repo } from '@site/testing/server-process';

const packageDir = dirname(createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory/package.json'));
const preload = join(packageDir, 'conf/hsts-preload.json');
if (!existsSync(preload)) {
  mkdirSync(dirname(preload), { recursive: true });
  writeFileSync(preload, '{}\n');
}

const work = mkdtempSync(join(tmpdir(), 'bench-headers-'));
const site = await startProxiedSite({ DATA_DIR: join(work, 'data') }, {}, { httpsPort: 443, httpPort: 80 });
const rootFile = join(work, 'caddy-root.crt');
writeFileSync(rootFile, site.caddy.rootCertificate);
// The scanner itself, not its wrapper, which points NODE_EXTRA_CA_CERTS at a bundle of public roots.
const { stdout } = await promisify(execFile)(
  process.execPath,
  [join(packageDir, 'src/scan.js'), 'localhost'],
  {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: rootFile },
    maxBuffer: 10 * 1024 * 1024,
  },
).finally(() => site.stop());

const report = JSON.parse(stdout);
console.log(
  `MDN HTTP Observatory, ${site.url} through Caddy: grade ${report.scan.grade}, score ${report.scan.score}, ${report.scan.testsPassed}/${report.scan.testsQuantity} tests passed`,
);
for (const [name, test] of Object.entries(report.tests)) {
  if (!test.pass) console.log(`  failed  ${name}: ${test.result} (${test.scoreModifier})`);
}
await mkdir(join(repo, 'bench/results'), { recursive: true });
await writeFile(join(repo, 'bench/results/headers.json'), `${JSON.stringify(report, null, 2)}\n`);
