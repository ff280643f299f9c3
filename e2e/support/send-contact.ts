import { CONTACT_API_PATH, SITE_KEY_HEADER, XSRF_HEADER, XSRF_TOKEN_PATH } from '@site/contact';
import { brand } from '../../apps/web/app/content/brand';

/** Sends a contact message to the server at `url` as the site's own script does; returns the status. */
export async function sendContact(url: string, body: Record<string, unknown>): Promise<number> {
  const csrf = await fetch(url + XSRF_TOKEN_PATH);
  const cookie = csrf.headers.get('set-cookie')!.split(';')[0]!;
  const { token } = (await csrf.json()) as { token: string };
  const response = await fetch(url + CONTACT_API_PATH, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SITE_KEY_HEADER]: brand.siteKey,
      cookie,
      [XSRF_HEADER]: token,
    },
    body: JSON.stringify(body),
  });
  return response.status;
}
