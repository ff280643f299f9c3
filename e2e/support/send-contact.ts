import { fetchXsrf, postContact } from '@site/testing/contact-client';
import { brand } from '../../apps/web/app/content/brand';

/** Sends a contact message to the server at `url` as the site's own script does; returns the status. */
export async function sendContact(url: string, body: Record<string, unknown>): Promise<number> {
  const response = await postContact(url, undefined, await fetchXsrf(url), body, brand.siteKey);
  return response.status;
}
