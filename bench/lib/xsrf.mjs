/** An XSRF cookie and token pair, as a page load gives a visitor. */
export async function xsrf(url) {
  const response = await fetch(`${url}/api/csrf`);
  const cookie = response.headers.get('set-cookie').split(';')[0];
  const { token } = await response.json();
  return { cookie, token };
}
