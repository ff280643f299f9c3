/** The server-rendered pages of the confirmation link, in the site's look. */
import { escapeHtml } from '../http/html.js';
import { type PageBrand, renderServerPage } from '../site/server-page.js';
import { CONFIRM_API_PATH } from './confirm-paths.js';

export function confirmPage(token: string, email: string, site: PageBrand): string {
  return renderServerPage(
    site,
    'Confirm your subscription',
    `<p>Send news and offers from ${escapeHtml(site.name)} to <strong>${escapeHtml(email)}</strong>? Every e-mail has a link to unsubscribe.</p>
<form method="post" action="${CONFIRM_API_PATH}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Confirm subscription</button></form>`,
  );
}

export function confirmedPage(email: string, site: PageBrand): string {
  return renderServerPage(
    site,
    'Subscription confirmed',
    `<p>We will send news and offers to <strong>${escapeHtml(email)}</strong>. Every e-mail has a link to unsubscribe.</p>`,
  );
}

export function expiredLinkPage(site: PageBrand, confirmDays: number): string {
  return renderServerPage(
    site,
    'This confirmation link has expired',
    `<p>Nothing was confirmed, and we send you no news or offers. To subscribe, send us a message with the box "Send me news and offers by e-mail" ticked, and use the link we e-mail you within ${confirmDays} days.</p>`,
  );
}

export function invalidLinkPage(site: PageBrand): string {
  return renderServerPage(
    site,
    'This confirmation link is not valid',
    '<p>The link is incomplete or has been changed, or the subscription was withdrawn or erased since. Nothing was confirmed.</p>',
  );
}
