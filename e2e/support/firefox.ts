import puppeteer, { type Browser } from 'puppeteer-core';

/**
 * Debian's Firefox ESR (`apt-get install firefox-esr`), driven through WebDriver BiDi by puppeteer-core:
 * playwright's Firefox is a patched build of its own, which cannot be downloaded here.
 */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * A headless Firefox with a profile of its own (deleted on close). JavaScript is switched off in the
 * profile: Firefox ESR 153's BiDi has no command for it (`emulation.setScriptingEnabled` is unknown).
 */
export const launchFirefox = ({ javaScript = true } = {}): Promise<Browser> =>
  puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: javaScript ? {} : { 'javascript.enabled': false },
  });
