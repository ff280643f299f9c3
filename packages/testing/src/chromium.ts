// The one way the browser tests, the benchmarks and the brand-image script start Chromium. Node runs this
// file as it is (type stripping) for the .mjs scripts, so it holds only erasable TypeScript.
import {
  type Browser,
  type BrowserContext,
  type BrowserServer,
  chromium,
  type LaunchOptions,
} from 'playwright-core';

/** Debian's Chromium, or the one CHROMIUM_PATH names (Playwright's own download does not work here). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What the browser tests drive: Debian's chromium-headless-shell, Chromium's own headless build (the same
 * Blink, V8 and network stack, without the browser around them), or the one CHROMIUM_HEADLESS_SHELL_PATH
 * names. Chromium itself, headless, keeps an open tab's renderer busy while nothing on it changes (a
 * quarter to a third of a core for a tab on about:blank), and a landing-page load cost it about twice
 * the shell's CPU (decision 071). The benchmarks, Lighthouse and the brand images keep
 * Chromium itself, what a visitor runs.
 */
export const headlessShell: LaunchOptions = {
  executablePath: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
};

/**
 * Headless, and no background traffic: the machine has no outside network, and a measurement wants none.
 * Without a GPU the compositor draws in software either way; `--in-process-gpu` runs it on a thread of
 * the browser process instead of a process of its own, which saves the frames' trips between the two
 * (about a fifth of the CPU a page load costs here) and changes nothing a page does or shows.
 */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--in-process-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Playwright's launch options for that Chromium (or `executablePath`'s) with those flags; `args` adds flags. */
export const chromiumOptions = (options: LaunchOptions = {}): LaunchOptions => ({
  executablePath: chromiumPath,
  ...options,
  args: [...chromiumArgs, ...(options.args ?? [])],
});

/** Chromium for this process; Playwright gives each launch a fresh profile folder of its own. */
export const launchChromium = (options?: LaunchOptions): Promise<Browser> =>
  chromium.launch(chromiumOptions(options));

/** Chromium that other processes connect to (`chromium.connect(server.wsEndpoint())`). */
export const launchChromiumServer = (options?: LaunchOptions): Promise<BrowserServer> =>
  chromium.launchServer(chromiumOptions(options));

/** Chromium on a profile folder that outlives it (its history, cookies), as one context. */
export const launchChromiumProfile = (profileDir: string, options?: LaunchOptions): Promise<BrowserContext> =>
  chromium.launchPersistentContext(profileDir, chromiumOptions(options));
