import { once } from 'node:events';
import { connect } from 'node:net';

export type RawConnection = {
  /** Writes bytes as they are, nothing added. */
  send(text: string): void;
  /** Stops reading: the server's writes pile up, as for a client on a stalled network. */
  stopReading(): void;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves, with the milliseconds since connecting, when the server has closed the connection. */
  closed: Promise<number>;
  end(): void;
};

/** A bare TCP connection to a local port, for clients no HTTP library would imitate. */
export async function rawConnection(port: number): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1');
  const opened = performance.now();
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  // A reset is one way of being closed, and the tests look at `closed`.
  socket.on('error', () => {});
  const closed = once(socket, 'close').then(() => performance.now() - opened);
  await once(socket, 'connect');
  return {
    send: (text) => socket.write(text),
    stopReading: () => socket.pause(),
    received: () => received,
    closed,
    end: () => socket.destroy(),
  };
}
