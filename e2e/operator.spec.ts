import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { brand } from '../apps/web/app/content/brand';
import { axeViolations } from './support/axe';
import { baseUrl, openPage, useBrowser } from './support/browser';

const repo = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

/** `npm run messages -- ...` as an operator types it, against the running e2e server's data. */
async function messages(...args: string[]) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'messages', '--', ...args], {
      cwd: repo,
      env: { ...process.env, DATA_DIR: inject('dataDir'), SITE_URL: baseUrl() },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function sendThroughApi(body: Record<string, unknown>) {
  const csrf = await fetch(`${baseUrl()}/api/csrf`);
  const cookie = csrf.headers.get('set-cookie')!.split(';')[0]!;
  const { token } = (await csrf.json()) as { token: string };
  const response = await fetch(`${baseUrl()}/api/ContactUs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', guid: brand.siteKey, cookie, 'x-xsrf-token': token },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
}

describe('operator commands while the server runs', () => {
  const browser = useBrowser();

  it('exit with 0, 1 and 2 as documented', async () => {
    expect((await messages('list')).code).toBe(0);
    const missing = await messages('show', 'no-such-id');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No message with id no-such-id');
    const unknown = await messages('nonsense');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command');
  });

  it('a subscriber unsubscribes through the link from the marketing list', async () => {
    const email = `subscriber.${Date.now()}@example.com`;
    await sendThroughApi({
      name: 'Sam',
      email,
      subject: 'News',
      message: 'Keep me posted.',
      marketingConsent: true,
    });
    const list = await messages('marketing-list');
    // Every cell is quoted: "email","name","unsubscribe_url".
    const line = list.stdout.split('\r\n').find((row) => row.startsWith(`"${email}"`))!;
    const link = /"(https?:[^"]+)"/.exec(line)![1]!;
    expect(link.startsWith(`${baseUrl()}/unsubscribe?token=`)).toBe(true);

    const { page, problems, close } = await openPage(browser());
    await page.goto(link);
    expect(await page.locator('h1').innerText()).toBe('Unsubscribe from news and offers');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await close();

    expect((await messages('marketing-list')).stdout).not.toContain(email);
    const access = JSON.parse((await messages('subject-access', '--email', email)).stdout);
    expect(access.messages).toHaveLength(1);
    expect(access.marketingOptOut.email).toBe(email);
  });
});
