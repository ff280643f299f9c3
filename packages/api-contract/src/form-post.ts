import { SITE_KEY_HEADER } from './api.js';
import { compactFormSubject, type ContactMessageInput } from './contact-message.js';
import type { Language } from './languages.js';

/** The site's page with the full form, where the API's form error pages lead when the referring page is unknown. */
export const CONTACT_PAGE_PATH = '/contact';

/** The site's thank-you page, where the API sends a browser whose form post was stored (303). */
export const MESSAGE_SENT_PATH = '/contact/sent';

/**
 * Names of the form controls beyond the message's own fields. A plain HTML post (no JavaScript) carries
 * the site key as a hidden field where the scripts send the `guid` header; the compact form, which has
 * no subject field, carries its site's name so the server can build the subject as the scripts do; each
 * carries the language of its page.
 */
export const formFieldNames = {
  siteKey: SITE_KEY_HEADER,
  siteName: 'siteName',
  language: 'language',
} as const;

/**
 * A contact message in `language` (the form's, or its page's) from the fields of a urlencoded form post.
 * An unticked checkbox is absent.
 */
export function messageFromFormFields(
  fields: Readonly<Record<string, string>>,
  language: Language,
): ContactMessageInput {
  const name = fields.name ?? '';
  const siteName = fields[formFieldNames.siteName];
  return {
    name,
    email: fields.email ?? '',
    subject: fields.subject ?? (siteName ? compactFormSubject(name, siteName, language) : ''),
    message: fields.message ?? '',
    marketingConsent: fields.marketingConsent !== undefined,
    website: fields.website ?? '',
    language,
  };
}
