/**
 * The one-time token of a sign-in link, from the fragment (`#token=...`), which browsers never send to
 * a server. Taken when the app's script starts, before anything else, and removed from the address bar
 * at once, so it is left in no history entry or bookmark.
 */
function takeLinkToken(): string | null {
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  if (location.hash) history.replaceState(history.state, '', location.pathname);
  return token;
}

let pending = takeLinkToken();

/** The link's token until it has been used. */
export const pendingLinkToken = () => pending;

export const forgetLinkToken = () => {
  pending = null;
};
