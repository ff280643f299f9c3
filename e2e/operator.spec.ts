import { describe, expect, inject } from 'vitest';
import {
  CONTACT_API_PATH,
  SITE_KEY_HEADER,
  UNSUBSCRIBE_PAGE_PATH,
  XSRF_HEADER,
  XSRF_TOKEN_PATH,
} from '@site/api-contract';
import { brand } from '../apps/web/app/content/brand';
import { axeViolations } from './support/axe';
import { baseUrl } from './support/browser';
import { test } from './support/fixtures';
import { awaitConfirmationLink } from '@site/testing/mail-links';
import { messagesCommand } from '@site/testing/messages-command';

/** `npm run messages -- ...` as an operator types it, against the running e2e server's data. */
const messages = (...args: string[]) =>
  messagesCommand({ DATA_DIR: inject('dataDir'), SITE_URL: baseUrl() }, ...args);

async function sendThroughApi(body: Record<string, unknown>): Promise<string> {
  const csrf = await fetch(baseUrl() + XSRF_TOKEN_PATH);
  const cookie = csrf.headers.get('set-cookie')!.split(';')[0]!;
  const { token } = (await csrf.json()) as { token: string };
  const response = await fetch(baseUrl() + CONTACT_API_PATH, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SITE_KEY_HEADER]: brand.siteKey,
      cookie,
      [XSRF_HEADER]: token,
    },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe('operator commands while the server runs', () => {
  test('exit with 0, 1 and 2 as documented', async () => {
    expect((await messages('list')).code).toBe(0);
    const missing = await messages('show', 'no-such-id');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No message with id no-such-id');
    const unknown = await messages('nonsense');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command');
  });

  test('a subscriber confirms through the mailed link, is listed, and unsubscribes through the list’s link', async ({
    openPage,
  }) => {
    const email = `subscriber.${Date.now()}@example.com`;
    const id = await sendThroughApi({
      name: 'Sam',
      email,
      subject: 'News',
      message: 'Keep me posted.',
      marketingConsent: true,
    });
    expect((await messages('marketing-list')).stdout).not.toContain(email);

    // The suite's server keeps the default SITE_URL, so the mailed link is opened on its real port.
    const mailed = await awaitConfirmationLink(inject('dataDir'), id);
    const { page, problems } = await openPage();
    await page.goto(`${baseUrl()}${mailed.pathname}${mailed.search}`);
    expect(await page.locator('h1').innerText()).toBe('Confirm your subscription');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.getByRole('heading', { name: 'Subscription confirmed' }).waitFor();

    const list = await messages('marketing-list');
    // Every cell is quoted: "email","name","language","unsubscribe_url","requested_at","confirmed_at".
    const line = list.stdout.split('\r\n').find((row) => row.startsWith(`"${email}"`))!;
    const [, , language, link, , confirmedAt] = [...line.matchAll(/"([^"]*)"/g)].map((cell) => cell[1]);
    expect(language).toBe('en');
    expect(link!.startsWith(`${baseUrl()}${UNSUBSCRIBE_PAGE_PATH}?token=`)).toBe(true);
    expect(Date.parse(confirmedAt!)).toBeLessThanOrEqual(Date.now());

    await page.goto(link!);
    expect(await page.locator('h1').innerText()).toBe('Unsubscribe from news and offers');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);

    expect((await messages('marketing-list')).stdout).not.toContain(email);
    const access = JSON.parse((await messages('subject-access', '--email', email)).stdout);
    expect(access.messages).toHaveLength(1);
    expect(access.marketingOptOut.email).toBe(email);
  });
});
