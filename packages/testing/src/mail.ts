import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as it reached the sink; `at` is its arrival in epoch milliseconds, to the microsecond. */
export type ReceivedMail = { from: string; to: string[]; raw: string; at: number };

/**
 * A real SMTP server on loopback that keeps every mail it receives, answering each after
 * `answerDelayMs` (a slow mail server).
 */
export async function startSmtpSink(port = 0, answerDelayMs = 0) {
  const mails: ReceivedMail[] = [];
  /**
   * Recipients refused with a 550 that names the address, as a mail server refuses an unknown or full
   * mailbox ("550 5.1.1 <jane@example.com>: Mailbox unavailable").
   */
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // A loopback peer needs no reverse DNS lookup (it costs ~100 ms here).
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address)) return callback();
      callback(
        Object.assign(new Error(`5.1.1 <${address.address}>: Mailbox unavailable`), { responseCode: 550 }),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        mails.push({
          from,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
          at: performance.timeOrigin + performance.now(),
        });
        setTimeout(callback, answerDelayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Once listening, errors are those of clients that vanish mid-conversation (a server killed with
  // SIGKILL): no fault of the sink's, and without a listener they would throw in the test process.
  server.on('error', () => {});
  const address = server.server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    refused,
    async waitForMails(count: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${mails.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return mails;
    },
    /** Stops listening, once connections have ended (at most 30 s); a second call waits for the first. */
    close: () => (closing ??= new Promise<void>((resolve) => server.close(() => resolve()))),
  };
}
