import pg from 'pg';

/** Waits after a lost or refused listening connection: doubling from the first to the last. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 30_000;
const CONNECT_TIMEOUT_MS = 3_000;
/** Channels are our own constants; LISTEN takes an identifier, not a parameter. */
const CHANNEL_NAME = /^[a-z][a-z_]{0,62}$/u;
/** How the listening connection names itself to the server (`pg_stat_activity.application_name`). */
export const LISTENER_NAME = 'site-server-listen';

export type ChannelHandlers = {
  /** Something was announced on the channel (by any instance, or the command line). */
  notified(): void;
  /** Listening started or stopped: while it is stopped, nothing announced is heard. */
  listening(now: boolean): void;
};

/**
 * One connection of its own that LISTENs to PostgreSQL channels for the pool it belongs to, so every
 * instance hears what another committed (NOTIFY is delivered at commit). It connects when the first
 * channel is watched, and again after the server went away, waiting longer each time; while it is
 * down, each watcher is told it is not listening and reads for itself.
 */
export function channelListener(url: string, onError: (error: Error) => void) {
  const channels = new Map<string, ChannelHandlers[]>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryMs = RECONNECT_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const tell = (listening: boolean) => {
    for (const handlers of channels.values()) for (const each of handlers) each.listening(listening);
  };

  function lost(which: pg.Client) {
    if (client !== which) return;
    client = undefined;
    tell(false);
    void which.end().catch(() => {});
    if (closed) return;
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  }

  function newClient() {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: LISTENER_NAME,
      keepAlive: true,
    });
    next.on('notification', ({ channel }) => {
      for (const each of channels.get(channel) ?? []) each.notified();
    });
    next.on('error', (error) => {
      onError(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    return next;
  }

  /** LISTENs on every watched channel, including those watched while this ran. */
  async function listenOnAll(on: pg.Client) {
    const listened = new Set<string>();
    for (;;) {
      const pending = [...channels.keys()].filter((channel) => !listened.has(channel));
      if (pending.length === 0) return;
      for (const channel of pending) {
        await on.query(`listen ${channel}`);
        listened.add(channel);
      }
    }
  }

  function connect(): Promise<void> {
    if (closed || client) return Promise.resolve();
    connecting ??= (async () => {
      const next = newClient();
      try {
        await next.connect();
        await listenOnAll(next);
      } catch (error) {
        onError(error as Error);
        client = next;
        lost(next);
        return;
      }
      if (closed) {
        await next.end().catch(() => {});
        return;
      }
      client = next;
      retryMs = RECONNECT_FIRST_MS;
      tell(true);
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  /** Watches one more channel: LISTENs on it if the connection is up, or connects. */
  async function start(channel: string, handlers: ChannelHandlers) {
    const known = channels.has(channel);
    channels.set(channel, [...(channels.get(channel) ?? []), handlers]);
    handlers.listening(false);
    if (!client) return connect();
    if (known) return handlers.listening(true);
    const on = client;
    try {
      await on.query(`listen ${channel}`);
      if (client === on) handlers.listening(true);
    } catch (error) {
      onError(error as Error);
      lost(on);
    }
  }

  return {
    /** Starts hearing `channel`; `handlers` are told whether it is heard, now and whenever that changes. */
    watch(channel: string, handlers: ChannelHandlers): Promise<void> {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
      return start(channel, handlers);
    },

    async close(): Promise<void> {
      closed = true;
      clearTimeout(retryTimer);
      await connecting;
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}

export type ChannelListener = ReturnType<typeof channelListener>;
