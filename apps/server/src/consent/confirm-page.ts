/** The server-rendered pages of the confirmation link, in the site's look and the visitor's language. */
import { formFieldNames } from '@site/api-contract';
import { escapeHtml } from '../http/html.js';
import { type PageBrand, type PagePlace, renderServerPage } from '../site/server-page.js';
import type { SiteFacts } from '../site/site-facts.js';
import { visitorText } from '../visitor-text/visitor-text.js';
import { CONFIRM_API_PATH } from './confirm-paths.js';

export type ConfirmSite = PageBrand & Pick<SiteFacts, 'formLabels'>;

const strong = (text: string) => `<strong>${escapeHtml(text)}</strong>`;

export function confirmPage(token: string, email: string, site: ConfirmSite, place: PagePlace): string {
  const text = visitorText(place.language).confirm;
  return renderServerPage(
    site,
    text.title,
    `<p>${text.question(escapeHtml(site.name), strong(email))}</p>
<form method="post" action="${CONFIRM_API_PATH}"><input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="${formFieldNames.language}" value="${place.language}"><button type="submit">${escapeHtml(text.button)}</button></form>`,
    place,
  );
}

export function confirmedPage(email: string, site: ConfirmSite, place: PagePlace): string {
  const text = visitorText(place.language).confirm;
  return renderServerPage(site, text.doneTitle, `<p>${text.done(strong(email))}</p>`, place);
}

export function expiredLinkPage(site: ConfirmSite, confirmDays: number, place: PagePlace): string {
  const text = visitorText(place.language).confirm;
  const consentLabel = escapeHtml(site.formLabels[place.language].consent);
  return renderServerPage(
    site,
    text.expiredTitle,
    `<p>${text.expired(consentLabel, confirmDays)}</p>`,
    place,
  );
}

export function invalidLinkPage(site: ConfirmSite, place: PagePlace): string {
  const text = visitorText(place.language).confirm;
  return renderServerPage(site, text.invalidTitle, `<p>${escapeHtml(text.invalid)}</p>`, place);
}
