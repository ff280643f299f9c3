import type { IncomingHttpHeaders } from 'node:http';
import { languageOfPath, type UtmField, utmFields } from '@site/api-contract';
import { type LeftOutReason, visitorAgent } from './visitor-agent.js';

/** Longer values are cut: a campaign name is short, and a long one buys no more storage. */
export const UTM_MAX = 100;
/** A host name is at most 253 characters (RFC 1035). */
const HOST_MAX = 253;

/** What is counted of a page view: nothing that identifies the visitor (the hash is made at the flush). */
export type CountedView = {
  path: string;
  language: string;
  referrerHost: string | null;
  utm: Record<UtmField, string | null>;
  device: string;
  navigation: boolean;
};

export type PageRequestVerdict =
  | { counted: true; view: CountedView }
  | { counted: false; reason: LeftOutReason }
  /** Not a page view at all (a prefetch): neither counted nor left out. */
  | { counted: false; reason: 'not-a-view' };

const prefetch = (headers: IncomingHttpHeaders) =>
  /prefetch|prerender/i.test(String(headers['sec-purpose'] ?? headers.purpose ?? headers['x-purpose'] ?? ''));

/** The host of a referrer on another site; null for our own pages, none, or one that is no URL. */
function referrerHost(referer: string | undefined, ownHosts: readonly string[]): string | null {
  if (!referer || !URL.canParse(referer)) return null;
  const { host, protocol } = new URL(referer);
  if (!/^https?:$/.test(protocol) || host === '' || ownHosts.includes(host)) return null;
  return host.slice(0, HOST_MAX);
}

function utmOf(url: string): Record<UtmField, string | null> {
  const query = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  return Object.fromEntries(
    utmFields.map((field) => [field, query.get(field)?.trim().slice(0, UTM_MAX) || null]),
  ) as Record<UtmField, string | null>;
}

/**
 * Whether a page served (its site path, the URL as requested) counts as a person's view, and what is
 * counted of it: path, language, the referrer's host (not our own), the `utm_*` fields of the page's
 * own query, the device class, and whether the browser called it a navigation. A prefetch is no view.
 */
export function judgePageRequest(
  path: string,
  url: string,
  headers: IncomingHttpHeaders,
  ownHosts: readonly string[],
): PageRequestVerdict {
  if (prefetch(headers)) return { counted: false, reason: 'not-a-view' };
  const agent = visitorAgent(headers);
  if (!agent.counted) return agent;
  return {
    counted: true,
    view: {
      path,
      language: languageOfPath(path),
      // The host the request named is ours too (SITE_URL's may sit behind another name).
      referrerHost: referrerHost(headers.referer, [...ownHosts, headers.host ?? '']),
      utm: utmOf(url),
      device: agent.device,
      navigation: headers['sec-fetch-dest'] === 'document',
    },
  };
}
