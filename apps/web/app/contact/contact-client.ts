import type { ContactMessageInput } from '@site/contact';
import { brand } from '../content/brand';

const XSRF_COOKIE = 'XSRF-TOKEN';

/** Where the API lives: the site's own origin unless the build sets VITE_API_BASE. */
export const defaultApiBase: string = import.meta.env.VITE_API_BASE ?? '';

function readCookie(name: string): string | undefined {
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith(`${name}=`));
  return entry ? decodeURIComponent(entry.slice(name.length + 1)) : undefined;
}

/** The XSRF token from its cookie, asking the server for one first if the cookie is missing. */
async function xsrfToken(apiBase: string): Promise<string | undefined> {
  if (!readCookie(XSRF_COOKIE))
    await fetch(`${apiBase}/api/csrf`, { credentials: 'same-origin' }).catch(() => {});
  return readCookie(XSRF_COOKIE);
}

/**
 * Sends a message to POST /api/ContactUs. The answer's body is not read: true for any 2xx,
 * false for anything else, including a network failure.
 */
export async function sendContactMessage(
  message: ContactMessageInput,
  { apiBase = defaultApiBase, siteKey = brand.siteKey }: { apiBase?: string; siteKey?: string } = {},
): Promise<boolean> {
  try {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', guid: siteKey };
    const relative = !/^[a-z][a-z0-9+.-]*:/i.test(apiBase);
    if (relative) {
      const token = await xsrfToken(apiBase);
      if (token) headers['X-XSRF-TOKEN'] = token;
    }
    const response = await fetch(`${apiBase}/api/ContactUs`, {
      method: 'POST',
      headers,
      body: JSON.stringify(message),
      credentials: 'same-origin',
    });
    return response.ok;
  } catch {
    return false;
  }
}
