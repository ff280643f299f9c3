/** The small server-rendered pages of the unsubscribe flow, in the site's look and the visitor's language. */
import { formFieldNames, UNSUBSCRIBE_API_PATH } from '@site/api-contract';
import { escapeHtml } from '../http/html.js';
import { type PageBrand, type PagePlace, renderServerPage } from '../site/server-page.js';
import { visitorText } from '../visitor-text/visitor-text.js';

export type PageText = PageBrand & { email: string };

const strong = (text: string) => `<strong>${escapeHtml(text)}</strong>`;

export function confirmPage(token: string, email: string, site: PageText, place: PagePlace): string {
  const text = visitorText(place.language).unsubscribe;
  return renderServerPage(
    site,
    text.title,
    `<p>${text.question(strong(email))}</p>
<form method="post" action="${UNSUBSCRIBE_API_PATH}"><input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="${formFieldNames.language}" value="${place.language}"><button type="submit">${escapeHtml(text.button)}</button></form>`,
    place,
  );
}

export function donePage(email: string, site: PageText, place: PagePlace): string {
  const text = visitorText(place.language).unsubscribe;
  return renderServerPage(site, text.doneTitle, `<p>${text.done(strong(email))}</p>`, place);
}

export function invalidLinkPage(site: PageText, place: PagePlace): string {
  const text = visitorText(place.language).unsubscribe;
  const mail = escapeHtml(site.email);
  return renderServerPage(
    site,
    text.invalidTitle,
    `<p>${text.invalid(`<a href="mailto:${mail}">${mail}</a>`)}</p>`,
    place,
  );
}
