import { Agent } from 'undici';

/**
 * An undici dispatcher for `fetch` that trusts only `ca` (a PEM root, such as Caddy's internal one) and,
 * given `localAddress`, connects from that address: any 127.x.y.z is this machine too, so one process can
 * be many visitors.
 */
export function trustingAgent(ca: string, localAddress?: string, connections?: number): Agent {
  return new Agent({
    connect: { ca, family: 4 },
    // undici reads the source address from here; in `connect` it would be overwritten.
    localAddress,
    connections,
  });
}

/** Options for the global `fetch` that send the request through `agent`, or the default one without. */
export const through = (agent?: Agent) => (agent ? { dispatcher: agent } : {}) as RequestInit;
