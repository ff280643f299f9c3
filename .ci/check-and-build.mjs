// `npm run check` (ESLint, Prettier's check, TypeScript in every workspace) and, with `--build`, the build
// that the tests run, two processes at a time. Each is one Node.js process working on one core; one after
// another they took 3 to 4 minutes of `npm test` on this 2-core machine before a test ran. A task's output
// is shown when it fails; every task runs to its end, so one run names every failure.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const AT_ONCE = 2;

const packageJson = (folder) => JSON.parse(readFileSync(new URL(`${folder}package.json`, root), 'utf8'));

const workspacesWith = (script) =>
  packageJson('')
    .workspaces.flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(new URL(pattern.slice(0, -1), root)).map((name) => `${pattern.slice(0, -1)}${name}`)
        : [pattern],
    )
    .filter((workspace) => packageJson(`${workspace}/`).scripts?.[script] !== undefined);

const checks = [
  { name: 'eslint', command: ['npx', 'eslint', '.'] },
  { name: 'prettier', command: ['npx', 'prettier', '--check', '.'] },
  ...workspacesWith('typecheck').map((workspace) => ({
    name: `typecheck ${workspace}`,
    command: ['npm', 'run', 'typecheck', '-w', workspace],
  })),
];

// The contract's build first: the site and the inbox bundle its JavaScript (dist/).
const contract = {
  name: 'build packages/api-contract',
  command: ['npm', 'run', 'build', '-w', 'packages/api-contract'],
};
const builds = ['apps/web', 'apps/admin', 'apps/server'].map((workspace) => ({
  name: `build ${workspace}`,
  command: ['npm', 'run', 'build', '-w', workspace],
  after: contract,
}));

function run(task) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(task.command[0], task.command.slice(1), { cwd: root, env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${task.name} (${seconds} s)`);
      if (code !== 0) console.log(output);
      resolve(code === 0);
    });
  });
}

/** Runs the tasks, AT_ONCE at a time, each after the task it names in `after` has passed. */
async function runAll(tasks) {
  const done = new Map();
  const waiting = [...tasks];
  const next = async () => {
    const task = waiting.shift();
    if (!task) return;
    const ready = task.after ? await done.get(task.after) : true;
    const result = ready ? run(task) : Promise.resolve(false);
    done.set(task, result);
    await result;
    await next();
  };
  await Promise.all(Array.from({ length: AT_ONCE }, next));
  const results = await Promise.all(done.values());
  return results.every(Boolean);
}

/** The longest tasks first (their times on this machine), so that the last to end is a short one. */
const LONGEST = ['eslint', 'typecheck apps/server', 'typecheck apps/web', 'build apps/web', 'prettier'];
const longestFirst = (tasks) => [
  ...LONGEST.flatMap((name) => tasks.filter((task) => task.name === name)),
  ...tasks.filter((task) => !LONGEST.includes(task.name)),
];

const withBuild = process.argv.includes('--build');
const tasks = withBuild ? [contract, ...longestFirst([...builds, ...checks])] : longestFirst(checks);
if (!(await runAll(tasks))) process.exit(1);
