import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { adminPages, inboxMessagePath } from '@site/api-contract';
import { builtSiteKey } from '@site/testing/contact-client';
import { startTestWebhookReceiver } from '@site/testing/per-test';
import type { WebhookReceiver } from '@site/testing/webhook-receiver';
import { LOG_POLL_MS } from '../apps/admin/src/webhooks/use-delivery-log';
import { test as base } from './support/fixtures';
import { expectNoAxeViolations } from './support/operator-browser';
import { saveScreenshot } from './support/screenshots';

/**
 * The file's server: webhooks may go to loopback, are tried every few hundred milliseconds and given up
 * after 1.8 s; beside the inbox's endpoints one comes from the settings, where nobody listens (port 9).
 */
const settings = {
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
  WEBHOOK_RETRY_FIRST_MS: '200',
  WEBHOOK_RETRY_MAX_MS: '400',
  WEBHOOK_RETRY_HOURS: '0.0005',
  WEBHOOK_URL: 'http://127.0.0.1:9/events',
  WEBHOOK_SECRET: `whsec_${Buffer.alloc(24, 7).toString('base64')}`,
  SITE_KEYS: `${builtSiteKey()},partner-cy`,
};
const test = base.extend<{ $file: { inboxSettings: Record<string, string> } }>({
  inboxSettings: [
    // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
    async ({}, use) => use(settings),
    { scope: 'file' },
  ],
});

/** Presses `key` until the focus is on what `selector` matches: keyboard only, as a person would. */
async function tabTo(page: Page, selector: string, key = 'Tab') {
  for (let press = 0; press < 60; press++) {
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${selector}`);
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id);

/** An endpoint in the list, by its address. */
const endpointOf = (page: Page, url: string) => page.locator('li.endpoint', { hasText: url });

/** A row of the delivery log, by its message (the log names it by the end of its id). */
const deliveryOf = (page: Page, messageId: string) =>
  page.locator('tr.delivery', { hasText: `…${messageId.slice(-8)}` });

const statusOf = (row: Locator) => row.locator('.badge').textContent();

/**
 * The delivery log as the page shows it after its next poll: the page's clock (installed by the test)
 * jumps to that poll instead of the test waiting up to LOG_POLL_MS for it.
 */
async function afterLogPoll<T>(page: Page, read: () => Promise<T>) {
  await page.clock.fastForward(LOG_POLL_MS);
  return read();
}

/** The ids of the messages the receiver verified, each delivery once. */
const verifiedMessages = (receiver: WebhookReceiver) =>
  receiver.unique().map((each) => each.event?.data.message.id);

describe('webhooks in the inbox', () => {
  test('an operator adds an endpoint by keyboard and copies its secret once; a message is delivered and verified, a failed one sent again; the message shows its deliveries', async ({
    inboxSite: site,
    asLead,
  }) => {
    const receiver = await startTestWebhookReceiver();
    const { page, context, consoleErrors } = await asLead();
    await page.clock.install();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(adminPages.webhooks);

    // The settings' endpoint is listed, marked, and only its deliveries can be shown.
    const fromSettings = endpointOf(page, 'http://127.0.0.1:9/events');
    await fromSettings.getByText('From the settings').waitFor();
    expect(await fromSettings.getByRole('button').allTextContents()).toEqual([
      expect.stringMatching(/^Deliveries/),
    ]);

    // Keyboard only: a refused address is said beside the form and takes the focus, then the right one.
    await tabTo(page, '#endpoint-url');
    await page.keyboard.type(`http://crm:hunter2@127.0.0.1:${receiver.port}/hooks/crm`);
    await page.keyboard.press('Enter');
    await page
      .locator('#endpoint-form-problem', { hasText: 'Leave the user name and password out' })
      .waitFor();
    expect(await focusedId(page), 'the focus moves to the refusal').toBe('endpoint-form-problem');
    await tabTo(page, '#endpoint-url', 'Shift+Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(receiver.url);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Our CRM');
    await tabTo(page, 'input[type="checkbox"]:checked');
    expect(await page.evaluate(() => document.activeElement?.closest('label')?.textContent)).toContain(
      'message.received',
    );
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // Reply sent: not for this endpoint
    await tabTo(page, '.endpoint-form button[type="submit"]');
    await page.keyboard.press('Enter');

    // The secret, once: read-only, copied with its button, focused so it is not missed.
    const secretField = page.getByRole('textbox', { name: 'Signing secret (shown once)' });
    await secretField.waitFor();
    expect(await focusedId(page)).toBe('secret-heading');
    expect(await secretField.getAttribute('readonly')).not.toBeNull();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    await page.getByText('it will not be shown again').waitFor();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    receiver.secret = secret;
    const crm = endpointOf(page, receiver.url);
    const facts = await crm.locator('.endpoint-facts').innerText();
    expect(facts).toMatch(/Events\s+Message received\s+Sites\s+All sites/);
    await expectNoAxeViolations(page, 'a new secret shown once');
    await page.reload();
    await crm.waitFor();
    expect(await secretField.count(), 'shown once: not after a reload').toBe(0);
    expect(await page.locator('body').innerText()).not.toContain(secret);

    // A visitor's message: the receiver verifies it, and the log says sent, with its 204.
    await crm.getByRole('button', { name: /^Deliveries/ }).click();
    const first = await site.send({
      name: 'Maria Georgiou',
      email: 'maria@example.org',
      subject: 'Fleet tracking',
      message: 'We run 40 vans and would like to see them on a map.',
    });
    await expect.poll(() => verifiedMessages(receiver), { timeout: 10_000 }).toEqual([first]);
    expect(receiver.received.every((each) => each.verified)).toBe(true);
    const event = receiver.unique()[0]!.event!;
    expect(event.type).toBe('message.received');
    expect(event.data.message.inboxUrl).toBe(site.origin + inboxMessagePath(first));
    await expect
      .poll(() => afterLogPoll(page, () => statusOf(deliveryOf(page, first))), { timeout: 10_000 })
      .toBe('Sent');
    expect(await deliveryOf(page, first).innerText()).toMatch(/\b204\b/);

    // The receiver fails: the delivery is retried, then given up on.
    receiver.answer({ kind: 'status', status: 500, body: '{"error":"The CRM is down"}' });
    const second = await site.send({
      name: 'Nikos Pappas',
      email: 'nikos@example.org',
      subject: 'Route planning',
      message: 'Can the vans’ routes be planned overnight?',
    });
    await expect
      .poll(() => afterLogPoll(page, () => statusOf(deliveryOf(page, second))), { timeout: 15_000 })
      .toBe('Failed');
    const failedRow = await deliveryOf(page, second).innerText();
    expect(failedRow).toMatch(/\b500\b/);
    const tries = receiver.received.filter((each) => each.event?.data.message.id === second).length;
    expect(tries, 'retried before it failed').toBeGreaterThan(1);

    // Only the failed ones; select it and send it again once the receiver is back.
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Failed' });
    await expect.poll(() => page.locator('tr.delivery').count()).toBe(1);
    receiver.answer({ kind: 'ok' });
    await deliveryOf(page, second).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Send again (1 selected)' }).click();
    await page.getByText('1 delivery is queued again.').waitFor();
    await expect.poll(() => verifiedMessages(receiver), { timeout: 10_000 }).toEqual([first, second]);
    await expect
      .poll(() => afterLogPoll(page, () => page.getByText('No failed delivery.').count()), {
        timeout: 10_000,
      })
      .toBe(1);
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All' });
    await expect
      .poll(() => afterLogPoll(page, () => statusOf(deliveryOf(page, second))), { timeout: 10_000 })
      .toBe('Sent');

    // The log links to the message, which lists its deliveries, each with Send again.
    await deliveryOf(page, first).getByRole('link').click();
    await page.locator('h2#message-subject', { hasText: 'Fleet tracking' }).waitFor();
    expect(new URL(page.url()).search).toBe(`?message=${first}`);
    const hooks = page.getByRole('region', { name: 'Webhooks' });
    const toCrm = hooks.locator('li', { hasText: receiver.url });
    await expect.poll(() => toCrm.textContent(), { timeout: 10_000 }).toMatch(/Sent.*1 attempt · HTTP 204/);
    await hooks.locator('li', { hasText: 'http://127.0.0.1:9/events' }).waitFor();
    const before = receiver.received.length;
    await toCrm.getByRole('button', { name: /^Send again/ }).click();
    await hooks.getByText('The delivery is queued again.').waitFor();
    await expect.poll(() => receiver.received.length).toBe(before + 1);
    expect(receiver.received.at(-1)!.id, 'the same webhook-id: the receiver can dedupe').toBe(
      receiver.unique()[0]!.id,
    );

    // The event's inbox link opens its message, whichever page the operator was on.
    await page.goto(receiver.unique()[1]!.event!.data.message.inboxUrl);
    await page.locator('h2#message-subject', { hasText: 'Route planning' }).waitFor();
    await hooks.locator('li', { hasText: receiver.url }).getByText('Sent').waitFor();

    // Delete, after a confirmation that names it.
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await crm.getByRole('button', { name: /^Delete/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    expect(await dialog.textContent()).toContain(receiver.url);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`${receiver.url} is deleted with its deliveries.`).waitFor();
    expect(await crm.count()).toBe(0);
    // Chromium's own lines: the 401 of the session check before sign-in, the 400 of the refused address.
    expect(consoleErrors.filter((error) => !/status of (401|400)\b/.test(error))).toEqual([]);
  });

  test('the webhooks page and a message’s webhooks fit 375, 768 and 1280 px, axe clean in light and dark (screenshots/webhooks-*.png)', async ({
    inboxSite: site,
    asLead,
  }) => {
    const receiver = await startTestWebhookReceiver();
    const { page } = await asLead({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('Address (URL) to post to').fill(receiver.url);
    await page.getByLabel('Description (optional)').fill('Helpdesk: opens a ticket for each new message');
    await page.getByRole('checkbox', { name: /Reply sent/ }).uncheck();
    await page.getByRole('checkbox', { name: 'Example Digital' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    receiver.secret = await page.getByLabel('Signing secret (shown once)').inputValue();
    const helpdesk = endpointOf(page, receiver.url);
    expect(await helpdesk.locator('.endpoint-facts').innerText()).toMatch(/Sites\s+Example Digital/);

    const sent = await site.send({
      name: 'Sofia Kyriacou',
      email: 'sofia@example.org',
      subject: 'Research partnership',
      message: 'We would like to discuss a study of SMS open rates in Cyprus.',
    });
    await expect.poll(() => verifiedMessages(receiver), { timeout: 10_000 }).toEqual([sent]);
    receiver.answer({
      kind: 'status',
      status: 503,
      body: JSON.stringify({
        error: 'maintenance',
        message: 'The helpdesk is down for maintenance until 14:00. Nothing was stored: try again later.',
      }),
    });
    const failed = await site.send({
      name: 'Marios Constantinou',
      email: 'marios@example.org',
      subject: 'Bulk SMS prices',
      message: 'What does it cost to send 100 000 messages a month?',
    });
    await expect
      .poll(() => afterLogPoll(page, () => statusOf(deliveryOf(page, sent))), { timeout: 10_000 })
      .toBe('Sent');
    await expect
      .poll(() => afterLogPoll(page, () => statusOf(deliveryOf(page, failed))), { timeout: 15_000 })
      .toBe('Failed');

    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const shoot = async (screen: string, fullPage = true) => {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        expect(overflow, `${screen} at ${width}px`).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page, `${screen} at ${width}px`);
        await saveScreenshot(page, `webhooks-${screen}-${width}`, { fullPage });
        if (width === 768) return;
        await page.emulateMedia({ colorScheme: 'dark' });
        await expectNoAxeViolations(page, `${screen} at ${width}px, dark`);
        await saveScreenshot(page, `webhooks-dark-${screen}-${width}`, { fullPage });
        await page.emulateMedia({ colorScheme: 'light' });
      };

      // A new secret, shown once after a rotation; the log with a sent and a failed delivery.
      await helpdesk.getByRole('button', { name: /^Rotate secret/ }).click();
      await page
        .getByRole('dialog', { name: 'Give this endpoint a new secret?' })
        .getByRole('button', { name: 'Rotate secret' })
        .click();
      await page.getByLabel('Signing secret (shown once)').waitFor();
      await helpdesk.getByText(/Previous secret valid until/).waitFor();
      await deliveryOf(page, failed).getByText('Answer').click();
      await deliveryOf(page, failed).getByText('down for maintenance').waitFor();
      // Opening it scrolled the table sideways on a narrow screen: the shot shows it from its start.
      await page.locator('.table-scroll').evaluate((table) => table.scrollTo(0, 0));
      await shoot('page');

      // The failed message's own deliveries, under its mails.
      await deliveryOf(page, failed).getByRole('link').click();
      const hooks = page.getByRole('region', { name: 'Webhooks' });
      await hooks.locator('li', { hasText: receiver.url }).getByText('Failed').waitFor();
      await hooks
        .locator('li', { hasText: 'http://127.0.0.1:9/events' })
        .getByText('Failed')
        .waitFor({ timeout: 10_000 });
      // Beside the list (from 56rem) the message scrolls in its own pane, which a full-page shot would
      // scroll back to its top: there the shot is of the window.
      await hooks.scrollIntoViewIfNeeded();
      await page.evaluate(() => scrollTo(0, 0));
      await shoot('message', width < 896);
      await page.getByRole('link', { name: 'Webhooks' }).click();
      await helpdesk.waitFor();
    }
  });
});
