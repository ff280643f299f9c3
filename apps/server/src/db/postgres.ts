import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './types.js';

/** A new connection while the server is down or unreachable fails after this, not after minutes. */
const CONNECT_TIMEOUT_MS = 3_000;
/** No statement of ours takes long; one that does is cut off instead of holding a request. */
const STATEMENT_TIMEOUT_MS = 10_000;
const IDLE_CLOSE_MS = 30_000;

/**
 * A pool of at most `poolSize` connections to the PostgreSQL server at `url`. When the server goes away,
 * queries fail at once (the caller answers 503) and the pool connects afresh once it is back: no restart.
 * `timeLimits: false` lets statements run as long as they take (the migrations).
 */
export function openPostgres(
  url: string,
  poolSize: number,
  onConnectionError: (error: Error) => void,
  timeLimits = true,
): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_CLOSE_MS,
    ...(timeLimits && {
      statement_timeout: STATEMENT_TIMEOUT_MS,
      query_timeout: STATEMENT_TIMEOUT_MS + 1_000,
    }),
    application_name: 'site-server',
  });
  // A connection the server closes (restart, failover) emits 'error' when no query of it is running, in
  // the pool or checked out between two statements of a transaction; unheard that would end the process.
  // The pool drops such a connection by itself and connects afresh for the next query.
  pool.on('connect', (client) => client.on('error', onConnectionError));
  pool.on('error', onConnectionError);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
