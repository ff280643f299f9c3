import { brand } from '../../apps/web/app/content/brand';

/** Sends a contact message to the server at `url` as the site's own script does; returns the status. */
export async function sendContact(url: string, body: Record<string, unknown>): Promise<number> {
  const csrf = await fetch(`${url}/api/csrf`);
  const cookie = csrf.headers.get('set-cookie')!.split(';')[0]!;
  const { token } = (await csrf.json()) as { token: string };
  const response = await fetch(`${url}/api/ContactUs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', guid: brand.siteKey, cookie, 'x-xsrf-token': token },
    body: JSON.stringify(body),
  });
  return response.status;
}
