import type { IncomingHttpHeaders } from 'node:http';
import { isbot } from 'isbot';

export type DeviceClass = 'desktop' | 'mobile' | 'tablet';

/** Why a request is left out of the counts: the dashboard shows each reason's total. */
export type LeftOutReason = 'no-agent' | 'declared-bot' | 'headless';

export type AgentVerdict = { counted: true; device: DeviceClass } | { counted: false; reason: LeftOutReason };

/**
 * Browsers that run without a person: headless Chrome (its user agent, or its client-hint brands when a
 * script has changed the user agent), PhantomJS, and the Electron and jsdom shells that uptime monitors
 * and scrapers drive. A person's browser never names these.
 */
const headlessAgent = /HeadlessChrome|PhantomJS|Electron\/|jsdom\/|SlimerJS|HtmlUnit/;

const tablet = /iPad|Tablet|PlayBook|Silk\/|Kindle/;
const mobile = /Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/;

/**
 * Whether a page request counts as a person's visit, from its headers alone, and the device class of
 * one that does. A self-declared bot or HTTP library (isbot's maintained list) and a headless or
 * automated browser do not count. Bots that pass for browsers are found later, by what they do (no
 * assets fetched, bursts).
 */
export function visitorAgent(headers: IncomingHttpHeaders): AgentVerdict {
  // Real agents are under 500 characters; a longer one is cut, so a test of it costs a bounded time.
  const agent = headers['user-agent']?.slice(0, 1_000) ?? '';
  if (agent.trim() === '') return { counted: false, reason: 'no-agent' };
  const brands = String(headers['sec-ch-ua'] ?? '').slice(0, 1_000);
  if (headlessAgent.test(agent) || brands.includes('HeadlessChrome') || hintsContradict(agent, brands))
    return { counted: false, reason: 'headless' };
  if (isbot(agent)) return { counted: false, reason: 'declared-bot' };
  return { counted: true, device: deviceClass(agent, headers['sec-ch-ua-mobile']) };
}

/**
 * Whether Chromium's client hints name another version than its user agent: a script set the user agent
 * (automation passing for a person's browser), for a browser's own hints always carry its major version.
 */
function hintsContradict(agent: string, brands: string): boolean {
  const hinted = /"Chromium";v="(\d+)"/.exec(brands)?.[1];
  const claimed = /Chrome\/(\d+)\./.exec(agent)?.[1];
  return hinted !== undefined && claimed !== undefined && hinted !== claimed;
}

/** The device class from the user agent; Chromium's `Sec-CH-UA-Mobile: ?1` settles a phone it hides. */
function deviceClass(agent: string, mobileHint: string | string[] | undefined): DeviceClass {
  // An Android tablet is an Android without "Mobile" (Chrome's and Firefox's convention).
  if (tablet.test(agent) || (agent.includes('Android') && !agent.includes('Mobile'))) return 'tablet';
  if (mobile.test(agent) || mobileHint === '?1') return 'mobile';
  return 'desktop';
}
