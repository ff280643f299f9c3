// An IMAP server that lies about the size of its mails, for the one test of a reader that must not
// believe it: a real server (Dovecot) reports honest sizes, so this stands in front of one and changes
// nothing but the number.
import { once } from 'node:events';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';

/** The RFC822.SIZE of a FETCH answer line (a mail's own text, inside a literal, never starts one). */
const SIZE_IN_FETCH = /^(\* \d+ FETCH .*RFC822\.SIZE )\d+/gm;

/**
 * A TCP proxy on a free loopback port in front of the IMAP server of `imapUrl` (plain imap://): every
 * byte passes both ways as it came, except that each RFC822.SIZE the server answers becomes
 * `reportedSize`. `url` is `imapUrl` through the proxy; `bytesFromServer` counts what the server sent.
 */
export async function startSizeLyingImap(imapUrl: string, reportedSize: number) {
  const target = new URL(imapUrl);
  const sockets = new Set<Socket>();
  let bytesFromServer = 0;
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    // Answers are rewritten a whole line at a time; a line's start waits for its end.
    let unfinished = '';
    upstream.on('data', (chunk: Buffer) => {
      bytesFromServer += chunk.length;
      const text = unfinished + chunk.toString('latin1');
      const end = text.lastIndexOf('\r\n') + 2;
      if (end === 1) {
        unfinished = text;
        return;
      }
      unfinished = text.slice(end);
      client.write(Buffer.from(text.slice(0, end).replace(SIZE_IN_FETCH, `$1${reportedSize}`), 'latin1'));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const proxied = new URL(imapUrl);
  proxied.port = String((server.address() as AddressInfo).port);
  return {
    url: proxied.href,
    bytesFromServer: () => bytesFromServer,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
