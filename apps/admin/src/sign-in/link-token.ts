/**
 * The one-time token of a sign-in link, from the fragment (`#token=...`), which browsers never send to
 * a server. It is taken out of the address bar at once, so it is not left in history or a bookmark.
 */
export function takeLinkToken(): string | null {
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  if (location.hash) history.replaceState(history.state, '', location.pathname);
  return token;
}
