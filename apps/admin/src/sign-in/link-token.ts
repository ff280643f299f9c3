import { reasonOf } from '../api/api-error.ts';
import { claimLink } from '../api/sign-in.ts';

/** Where this tab remembers, across a reload, whom the link it opened is for (no secret: the ticket is a cookie). */
const CLAIMED = 'sign-in-link-for';

/** The link this tab opened: whom it is for, or why it cannot be used. */
export type LinkClaim = { email: string } | { problem: string };

/**
 * The one-time token of a sign-in link, from the fragment (`#token=...`), which browsers never send to
 * a server. Taken when the app's script starts, before anything else, removed from the address bar at
 * once, and traded straight away for a ticket in a cookie this script cannot read: the token then works
 * no more, so the copy the browser's history database keeps of the address opens nothing.
 */
function takeLinkToken(): string | null {
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  if (location.hash) history.replaceState(history.state, '', location.pathname);
  return token;
}

async function claim(token: string): Promise<LinkClaim> {
  try {
    const email = await claimLink(token);
    sessionStorage.setItem(CLAIMED, email);
    return { email };
  } catch (error) {
    sessionStorage.removeItem(CLAIMED);
    return { problem: reasonOf(error) };
  }
}

const token = takeLinkToken();
const remembered = sessionStorage.getItem(CLAIMED);

let pending: Promise<LinkClaim> | null = token
  ? claim(token)
  : remembered
    ? Promise.resolve({ email: remembered })
    : null;

const listeners = new Set<() => void>();

// A link opened in a tab that shows the sign-in page already changes only the fragment: no new page loads.
addEventListener('hashchange', () => {
  const opened = takeLinkToken();
  if (!opened) return;
  pending = claim(opened);
  for (const listener of listeners) listener();
});

/** The link this tab opened (now, or before a reload), once its token is traded; null without one. */
export const linkClaim = () => pending;

/** Calls `listener` when a link is opened in this tab after the page loaded; returns the unsubscribe. */
export const onLinkOpened = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The link is spent (a passkey was made with it) or dead: neither the sign-in page nor a reload offers it again. */
export const forgetLinkClaim = () => {
  pending = null;
  sessionStorage.removeItem(CLAIMED);
};
