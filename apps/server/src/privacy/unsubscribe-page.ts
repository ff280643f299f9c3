/** The small server-rendered pages of the unsubscribe flow, in the site's look. */
import { escapeHtml } from '../http/html.js';
import { type PageBrand, renderServerPage } from '../site/server-page.js';

export type PageText = PageBrand & { email: string };

export function confirmPage(token: string, email: string, site: PageText): string {
  return renderServerPage(
    site,
    'Unsubscribe from news and offers',
    `<p>Stop sending news and offers to <strong>${escapeHtml(email)}</strong>? We keep your earlier messages so we can still answer them.</p>
<form method="post" action="/api/unsubscribe"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function donePage(email: string, site: PageText): string {
  return renderServerPage(
    site,
    'You are unsubscribed',
    `<p>We will send no more news or offers to <strong>${escapeHtml(email)}</strong>.</p>`,
  );
}

export function invalidLinkPage(site: PageText): string {
  const mail = escapeHtml(site.email);
  return renderServerPage(
    site,
    'This unsubscribe link is not valid',
    `<p>The link is incomplete, has been changed or has expired. To stop our e-mails, write to <a href="mailto:${mail}">${mail}</a> and we will remove you.</p>`,
  );
}
