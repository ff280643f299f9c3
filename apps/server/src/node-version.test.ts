import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDir } from '@site/testing/per-test';
import { describe, expect, it } from 'vitest';

// The gate that stops `npm ci`, `npm start`, `npm run build` and `npm test` on too old a Node.js: npm's
// own devEngines check (npm 10.9 and later, before it installs anything), and .ci/check-node.mjs in the
// root's pre-scripts (every npm, one line). Each is run for real: with the running Node.js and the
// required version raised to 99, and with the machine's own older Node.js where there is one.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const required: string = rootPackage.engines.node;
const requiredMajor = Number(/^>=(\d+)\./.exec(required)?.[1]);
const systemNode = '/usr/bin/node';
const systemMajor = existsSync(systemNode)
  ? Number(spawnSync(systemNode, ['-p', 'process.versions.node.split(".")[0]']).stdout.toString())
  : undefined;
const olderSystemNode = systemMajor !== undefined && systemMajor < requiredMajor;

/** A new folder with the check script in `.ci/`, and a package.json that asks for `minimum`. */
function projectNeeding(minimum: string) {
  const folder = createTestDir('node-version-');
  mkdirSync(join(folder, '.ci'));
  cpSync(join(root, '.ci/check-node.mjs'), join(folder, '.ci/check-node.mjs'));
  const raise = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll(required, `>=${minimum}`));
  const pkg = {
    name: 'node-version-probe',
    version: '1.0.0',
    private: true,
    engines: raise(rootPackage.engines),
    devEngines: raise(rootPackage.devEngines),
    scripts: { preinstall: rootPackage.scripts.preinstall },
  };
  writeFileSync(join(folder, 'package.json'), JSON.stringify(pkg));
  return folder;
}

/**
 * Runs a command as a fresh shell would: without the npm_* variables an enclosing `npm test` sets, so
 * the npm it may start takes its settings from the probe's folder alone.
 */
function run(command: string, args: string[], cwd: string, path = process.env.PATH) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  const result = spawnSync(command, args, { cwd, env: { ...env, PATH: path }, encoding: 'utf8' });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

describe('the Node.js version check', () => {
  it('reads one version everywhere: .node-version, engines, devEngines', () => {
    expect(required).toMatch(/^>=\d+\.\d+\.\d+$/);
    expect(readFileSync(join(root, '.node-version'), 'utf8').trim()).toBe(String(requiredMajor));
    expect(rootPackage.devEngines.runtime).toEqual({ name: 'node', version: required, onFail: 'error' });
    for (const script of ['preinstall', 'prebuild', 'prestart', 'preserve', 'pretest'])
      expect(rootPackage.scripts[script], script).toBe('node .ci/check-node.mjs');
  });

  it('lets the running Node.js through without a word', () => {
    expect(run(process.execPath, ['.ci/check-node.mjs'], root)).toEqual({ code: 0, out: '', err: '' });
  });

  it('stops an older Node.js with one line: the version needed, the one running, and how to get it', () => {
    const folder = projectNeeding('99.0.0');
    const { code, out, err } = run(process.execPath, ['.ci/check-node.mjs'], folder);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(lines(err)).toEqual([
      `Node.js 99.0.0 or newer is needed; this is ${process.versions.node} (${process.execPath}). ` +
        'Run "source .ci/use-node.sh" or install Node.js 99 LTS, then try again.',
    ]);
  });

  it('stops `npm ci`, before it installs anything where npm checks devEngines', { timeout: 60_000 }, () => {
    const { code, output, installed, npmVersion } = npmCi(projectNeeding('99.0.0'));
    expect(code).not.toBe(0);
    expect(output).toContain('99.0.0');
    if (checksDevEngines(npmVersion)) expect(installed).toBe(false);
  });

  it.runIf(olderSystemNode)(`stops ${systemNode} (Node.js ${systemMajor}) with one line`, () => {
    const { code, out, err } = run(systemNode, ['.ci/check-node.mjs'], root);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(lines(err)).toHaveLength(1);
    expect(err).toContain(`Node.js ${required.slice(2)} or newer is needed`);
    expect(err).toContain('source .ci/use-node.sh');
  });

  it.runIf(olderSystemNode && existsSync('/usr/bin/npm'))(
    `stops \`npm ci\` on ${systemNode} (Node.js ${systemMajor}) with /usr/bin/npm`,
    { timeout: 60_000 },
    () => {
      const project = projectNeeding(required.slice(2));
      const { code, output, installed, npmVersion } = npmCi(project, `/usr/bin:${process.env.PATH}`);
      expect(code).not.toBe(0);
      expect(output).toContain(required.slice(2));
      if (checksDevEngines(npmVersion)) expect(installed).toBe(false);
    },
  );
});

/**
 * `npm ci` in the probe, with a dependency to install and a lockfile written while the probe asks for no
 * version; `path` chooses the npm and Node.js that run it.
 */
function npmCi(folder: string, path = process.env.PATH) {
  mkdirSync(join(folder, 'dependency'));
  writeFileSync(join(folder, 'dependency/package.json'), '{"name":"dependency","version":"1.0.0"}');
  const gated = { ...JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) };
  gated.dependencies = { dependency: 'file:dependency' };
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ ...gated, engines: {}, devEngines: {} }));
  const lock = run('npm', ['install', '--package-lock-only', '--ignore-scripts', '--offline'], folder);
  expect(lock.code, lock.err).toBe(0);
  writeFileSync(join(folder, 'package.json'), JSON.stringify(gated));

  const { code, out, err } = run('npm', ['ci', '--no-audit', '--no-fund'], folder, path);
  const npmVersion = run('npm', ['--version'], folder, path).out.trim();
  const installed = existsSync(join(folder, 'node_modules/dependency'));
  return { code, output: `${out}\n${err}`, installed, npmVersion };
}

/**
 * npm checks devEngines from 10.9 on, before it installs anything; an older npm unpacks the packages
 * first and stops at the root's preinstall script, which runs once the dependencies are in place.
 */
function checksDevEngines(npmVersion: string) {
  const [major = 0, minor = 0] = npmVersion.split('.').map(Number);
  return major > 10 || (major === 10 && minor >= 9);
}
