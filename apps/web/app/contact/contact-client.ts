import {
  CONTACT_API_PATH,
  type ContactMessageInput,
  SITE_KEY_HEADER,
  XSRF_HEADER,
  XSRF_TOKEN_PATH,
  type XsrfTokenAnswer,
} from '@site/api-contract';
import { brand } from '../content/brand';

/** Longest a send may take, token request included; then it counts as failed and may be retried. */
export const SEND_DEADLINE_MS = 20_000;

/** Where the API lives: the site's own origin unless the build sets VITE_API_BASE. */
export const defaultApiBase: string = import.meta.env.VITE_API_BASE ?? '';

/**
 * The XSRF token from GET /api/csrf, which also sets (or replaces, when invalid) the cookie the server
 * compares it with; the cookie's name depends on the server, and scripts cannot read it.
 */
async function xsrfToken(apiBase: string, signal: AbortSignal): Promise<string | undefined> {
  const response = await fetch(`${apiBase}${XSRF_TOKEN_PATH}`, { credentials: 'same-origin', signal });
  return response.ok ? ((await response.json()) as XsrfTokenAnswer).token : undefined;
}

/**
 * Sends a message to POST /api/ContactUs. The answer's body is not read: true for any 2xx,
 * false for anything else, including a network failure or no answer within SEND_DEADLINE_MS.
 */
export async function sendContactMessage(
  message: ContactMessageInput,
  { apiBase = defaultApiBase, siteKey = brand.siteKey }: { apiBase?: string; siteKey?: string } = {},
): Promise<boolean> {
  // A timer rather than AbortSignal.timeout(), so a test's fake clock can run the deadline out.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), SEND_DEADLINE_MS);
  try {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      [SITE_KEY_HEADER]: siteKey,
    };
    const relative = !/^[a-z][a-z0-9+.-]*:/i.test(apiBase);
    if (relative) {
      const token = await xsrfToken(apiBase, deadline.signal);
      if (token) headers[XSRF_HEADER] = token;
    }
    const response = await fetch(`${apiBase}${CONTACT_API_PATH}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(message),
      credentials: 'same-origin',
      signal: deadline.signal,
    });
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
