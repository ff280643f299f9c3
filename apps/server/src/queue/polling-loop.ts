import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';

export type PollingLoop = { wake(): void; stop(): Promise<void> };

/**
 * Runs `round` at start, when woken, and `pollMs` after each round ends; never two rounds at once (a wake
 * during a round runs another right after it). `round` is told whether the loop was stopped, to end early.
 * `name` says in the log what waits or failed. Stopped, it ends its round, then what `close` closes.
 */
export function startPollingLoop(
  name: string,
  round: (stopped: () => boolean) => Promise<void>,
  { pollMs, log, close }: { pollMs: number; log: FastifyBaseLogger; close?: () => unknown },
): PollingLoop {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = round(() => stopped)
      .catch((error: unknown) => {
        // While the database is away, a line per poll says so; anything else gets its stack trace.
        if (isDatabaseUnavailable(error))
          log.warn({ reason: (error as Error).message }, `${name} waits for the database`);
        else log.error({ err: error }, `${name} run failed`);
      })
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          run();
        } else timer = setTimeout(run, pollMs);
      });
  };

  run();
  return {
    wake: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await close?.();
    },
  };
}
