import type { IncomingHttpHeaders } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { dayOf } from './analytics-day.js';
import { type CountedView, judgePageRequest } from './page-request.js';
import type { PageViewRepository, StoredView, VisitorSet } from './page-view-repository.js';
import type { SaltRepository } from './salt-repository.js';
import { visitorAgent } from './visitor-agent.js';
import { newSalt, visitorHash } from './visitor-hash.js';

/** What the site tells of a request it answered: the address and agent live here only until the flush. */
export type ServedRequest = { ip: string; url: string; headers: IncomingHttpHeaders };

/** Beyond this many views waiting for a flush, more are dropped (and counted in the log), not held. */
export const MAX_PENDING = 20_000;
/**
 * Views hashed and written in one transaction. A flush gives the event loop back between slices, so a
 * page, or a message waiting for the database, waits for one slice at most (a few milliseconds), not for
 * the second's whole batch (decision 075).
 */
export const VIEWS_PER_WRITE = 200;
/** A salt outlives its day by this much, so views buffered at midnight are hashed with their own day's. */
const SALT_GRACE_MS = 60_000;

type Pending = { day: string; at: string; ip: string; agent: string; view: CountedView };
/** Per visitor set, per day, the clients (address and agent) seen doing it since the last flush. */
type Clients = Record<VisitorSet, Map<string, Set<string>>>;

type Options = {
  siteKey: string;
  /** Our own hosts (SITE_URL's): a referrer there is a visitor moving between our pages. */
  ownHosts: readonly string[];
  flushMs: number;
  salts: SaltRepository;
  views: PageViewRepository;
  log: FastifyBaseLogger;
  /** The country of an address, from the local database of ANALYTICS_GEOIP_DB; absent: none. */
  countryOf?: (ip: string) => string | null;
  now?: () => number;
};

const noClients = (): Clients => ({ analytics_asset_visitors: new Map(), analytics_form_starts: new Map() });
const agentOf = (headers: IncomingHttpHeaders) => (headers['user-agent'] ?? '').slice(0, 1_000);

/**
 * Counts the pages and assets the site serves, and the contact forms started, without slowing the
 * site: each request is judged and kept in memory, and written every `flushMs` and on close, in
 * transactions of `VIEWS_PER_WRITE` views with the event loop given back between them. The address and
 * user agent are held only until then, to make the day's visitor hash (and look the address's country
 * up in the local database, if one is set); a failed write drops the rest of the batch with one log
 * line (no visitor data in it) and never touches the serving of pages.
 */
export function pageViewBuffer({
  siteKey,
  ownHosts,
  flushMs,
  salts,
  views,
  log,
  countryOf = () => null,
  now = Date.now,
}: Options) {
  let pending: Pending[] = [];
  let clients = noClients();
  let leftOut = new Map<string, number>();
  let dropped = 0;
  const saltOfDay = new Map<string, Promise<string>>();
  let saltsDeletedBefore = '';

  const salt = (day: string) => {
    let found = saltOfDay.get(day);
    if (!found) {
      found = salts.saltOf(day, newSalt());
      found.catch(() => saltOfDay.delete(day));
      saltOfDay.set(day, found);
    }
    return found;
  };

  /** Writes a batch slice by slice; `progress.unwritten` is what a failure leaves unwritten. */
  async function write(
    batch: Pending[],
    batchClients: Clients,
    batchLeftOut: Map<string, number>,
    progress: { unwritten: number },
  ) {
    // A day past its grace has lost its salt: its last views (a flush stuck for a minute) are not
    // hashed with a new one, which would count their visitors twice.
    const oldest = dayOf(now() - SALT_GRACE_MS);
    const hash = async (day: string, ip: string, agent: string) =>
      visitorHash(await salt(day), ip, agent, siteKey);
    const noSets: Record<VisitorSet, never[]> = { analytics_asset_visitors: [], analytics_form_starts: [] };
    const kept = batch.filter((item) => item.day >= oldest);
    progress.unwritten = kept.length;
    for (let start = 0; start < kept.length; start += VIEWS_PER_WRITE) {
      const rows: StoredView[] = [];
      for (const { day, at, ip, agent, view } of kept.slice(start, start + VIEWS_PER_WRITE))
        rows.push({
          day,
          site_key: siteKey,
          visitor: await hash(day, ip, agent),
          viewed_at: at,
          path: view.path,
          language: view.language as StoredView['language'],
          referrer_host: view.referrerHost,
          ...view.utm,
          device: view.device,
          navigation: view.navigation ? 1 : 0,
          country: countryOf(ip),
        });
      await views.write(rows, noSets, []);
      progress.unwritten -= rows.length;
      await nextTurn();
    }
    const sets: Record<VisitorSet, { day: string; site_key: string; visitor: string }[]> = {
      analytics_asset_visitors: [],
      analytics_form_starts: [],
    };
    for (const table of Object.keys(sets) as VisitorSet[])
      for (const [day, seen] of batchClients[table]) {
        if (day < oldest) continue;
        for (const client of seen) {
          const [ip = '', agent = ''] = client.split('\n');
          sets[table].push({ day, site_key: siteKey, visitor: await hash(day, ip, agent) });
        }
      }
    const leftOutRows = [...batchLeftOut].map(([key, requests]) => {
      const [day = '', reason = ''] = key.split('\n');
      return { day, site_key: siteKey, reason, requests };
    });
    if (Object.values(sets).flat().length + leftOutRows.length > 0) await views.write([], sets, leftOutRows);
    if (saltsDeletedBefore !== oldest) {
      for (const day of saltOfDay.keys()) if (day < oldest) saltOfDay.delete(day);
      await salts.deleteBefore(oldest);
      saltsDeletedBefore = oldest;
    }
  }

  let flushing: Promise<void> = Promise.resolve();
  const flush = () => {
    flushing = flushing.then(async () => {
      const idle =
        pending.length === 0 &&
        Object.values(clients).every((days) => days.size === 0) &&
        leftOut.size === 0 &&
        dropped === 0;
      // With nothing to write, a flush still deletes the salt of a day just over.
      if (idle && saltsDeletedBefore === dayOf(now() - SALT_GRACE_MS)) return;
      const batch = { pending, clients, leftOut, dropped };
      pending = [];
      clients = noClients();
      leftOut = new Map();
      dropped = 0;
      if (batch.dropped > 0)
        log.warn({ dropped: batch.dropped }, 'analytics: page views dropped, the buffer was full');
      const progress = { unwritten: batch.pending.length };
      try {
        await write(batch.pending, batch.clients, batch.leftOut, progress);
      } catch (error) {
        log.warn(
          { views: progress.unwritten, reason: (error as Error).message },
          'analytics: page views not stored',
        );
      }
    });
    return flushing;
  };

  /** Notes that a client did something today (once a day is enough: the set keeps each once). */
  const note = (table: VisitorSet, request: ServedRequest) => {
    const day = dayOf(now());
    const seen = clients[table].get(day) ?? new Set();
    if (seen.size >= MAX_PENDING) return;
    seen.add(`${request.ip}\n${agentOf(request.headers)}`);
    clients[table].set(day, seen);
  };

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    /** A page served (status 200, or 304 to a browser that has it): judged, then counted or left out. */
    page(path: string, request: ServedRequest) {
      const verdict = judgePageRequest(path, request.url, request.headers, ownHosts);
      const at = now();
      const day = dayOf(at);
      if (verdict.counted) {
        if (pending.length >= MAX_PENDING) dropped++;
        else
          pending.push({
            day,
            at: new Date(at).toISOString(),
            ip: request.ip,
            agent: agentOf(request.headers),
            view: verdict.view,
          });
      } else if (verdict.reason !== 'not-a-view') {
        const key = `${day}\n${verdict.reason}`;
        leftOut.set(key, (leftOut.get(key) ?? 0) + 1);
      }
    },

    /** An asset served: the visitor that fetched it behaves as a browser does. */
    asset(request: ServedRequest) {
      note('analytics_asset_visitors', request);
    },

    /** The contact page's form reported its first field touched; a bot's report is not kept. */
    formStarted(request: ServedRequest) {
      if (visitorAgent(request.headers).counted) note('analytics_form_starts', request);
    },

    /** Writes what is buffered now; resolves once written (or dropped on failure). */
    flush,

    /** Stops the timer and writes what is left. */
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type PageViewCounter = ReturnType<typeof pageViewBuffer>;
