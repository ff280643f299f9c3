import { connect } from 'node:net';

/** What came back for raw request bytes: the status line's code, or why nothing readable came. */
export type RawAnswer = { status: number; head: string } | { status: undefined; error: string };

/**
 * Writes `bytes` to a fresh connection to loopback `port` as they are (for requests fetch refuses to
 * send: CR, LF or NUL in headers, conflicting lengths, broken chunking), ends the sending side, and reads
 * the answer until the server closes or `timeoutMs` passes.
 */
export function rawHttpRequest(port: number, bytes: Uint8Array, timeoutMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    const settle = (error?: string) => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const head = text.slice(0, Math.max(text.indexOf('\r\n\r\n'), 0));
      const status = /^HTTP\/1\.[01] (\d{3}) /.exec(text)?.[1];
      // A server that answers and then resets (a body it will not read) still answered.
      resolve(status ? { status: Number(status), head } : { status: undefined, error: error ?? 'closed' });
    };
    const timer = setTimeout(() => settle('timeout'), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => settle(error.code ?? error.message));
    socket.on('close', () => settle());
  });
}
