import { XSRF_TOKEN_PATH } from '@site/contact';

/** An XSRF cookie and token pair, as a page load gives a visitor. */
export async function xsrf(url) {
  const response = await fetch(url + XSRF_TOKEN_PATH);
  const cookie = response.headers.get('set-cookie').split(';')[0];
  const { token } = await response.json();
  return { cookie, token };
}
