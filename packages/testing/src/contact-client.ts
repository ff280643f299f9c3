import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTACT_API_PATH, SITE_KEY_HEADER, XSRF_HEADER, XSRF_TOKEN_PATH } from '@site/api-contract';
import type { Agent } from 'undici';
import { through } from './https-agent.ts';
import { repo } from './server-process.ts';

/** The site key of the built site (apps/web/build/site.json), which the server accepts by default. */
export const builtSiteKey = (): string =>
  (JSON.parse(readFileSync(join(repo, 'apps/web/build/site.json'), 'utf8')) as { siteKey: string }).siteKey;

export type XsrfPair = { cookie: string; token: string };

/**
 * An XSRF cookie and token pair from `origin`, as a page load gives a visitor (signed with that server's
 * secret), fetched through `agent` if given.
 */
export async function fetchXsrf(origin: string, agent?: Agent): Promise<XsrfPair> {
  const response = await fetch(origin + XSRF_TOKEN_PATH, through(agent));
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`${origin} set no XSRF cookie`);
  const { token } = (await response.json()) as { token: string };
  return { cookie, token };
}

/** The headers the site's script sends with a message. */
export const contactHeaders = (xsrf: XsrfPair, siteKey: string) => ({
  'content-type': 'application/json',
  [SITE_KEY_HEADER]: siteKey,
  cookie: xsrf.cookie,
  [XSRF_HEADER]: xsrf.token,
});

/** Sends a contact message as the site's script does; `headers` adds or overrides request headers. */
export function postContact(
  origin: string,
  agent: Agent | undefined,
  xsrf: XsrfPair,
  body: Record<string, unknown>,
  siteKey: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(origin + CONTACT_API_PATH, {
    ...through(agent),
    method: 'POST',
    headers: { ...contactHeaders(xsrf, siteKey), ...headers },
    body: JSON.stringify(body),
  });
}
