import { XSRF_TOKEN_PATH } from '@site/contact';

/** An XSRF cookie and its token, as a page load gives a visitor; signed with that server's secret. */
export async function xsrfPair(url: string) {
  const response = await fetch(url + XSRF_TOKEN_PATH);
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  const { token } = (await response.json()) as { token: string };
  if (!cookie) throw new Error(`${url} set no XSRF cookie`);
  return { cookie, token };
}
