// Stops an npm command with one line when the running Node.js is older than package.json's engines.node
// (">=MAJOR.MINOR.PATCH"), before a build on the wrong Node.js ends in a crash (better-sqlite3 segfaults
// on Node 20). Run by the root package's preinstall, prestart, prebuild, pretest and preserve scripts.
// Plain JavaScript without dependencies or new syntax, so the old Node.js it is meant for can run it.
import { readFileSync } from 'fs';

const root = new URL('../', import.meta.url);
const range = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).engines.node;
const wanted = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(range);
if (!wanted) {
  console.error(`.ci/check-node.mjs reads engines.node as ">=MAJOR.MINOR.PATCH", not "${range}"`);
  process.exit(1);
}

const have = process.versions.node.split('.').map(Number);
const need = wanted.slice(1).map(Number);
let older = false;
for (let i = 0; i < 3; i += 1) {
  if (have[i] !== need[i]) {
    older = have[i] < need[i];
    break;
  }
}

if (older) {
  console.error(
    `Node.js ${need.join('.')} or newer is needed; this is ${process.versions.node} (${process.execPath}). ` +
      `Run "source .ci/use-node.sh" or install Node.js ${need[0]} LTS, then try again.`,
  );
  process.exit(1);
}
