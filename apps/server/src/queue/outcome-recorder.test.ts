import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { outcomeRecorder } from './outcome-recorder.js';

/** A real logger whose lines land in `lines`. */
const loggerInto = (lines: string[]) =>
  Fastify({
    logger: {
      level: 'warn',
      stream: new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    },
  }).log;

/** What a worker does each round: first the outcomes still to write, then claim and record the next item. */
const rounds = async (recorder: ReturnType<typeof outcomeRecorder<string>>, items: string[]) => {
  for (const item of items) {
    await recorder.flush();
    await recorder.record(item, { webhookId: `msg_${item}` });
  }
};

describe('recording outcomes', () => {
  it('holds up no queue with an outcome that can never be written: it is tried a few times, logged and left to its lease', async () => {
    const lines: string[] = [];
    const written: string[] = [];
    const tries: string[] = [];
    // The one mock: a write the database refuses whatever happens (what PostgreSQL did with a NUL byte).
    const refused = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    const recorder = outcomeRecorder(
      async (item: string) => {
        tries.push(item);
        if (item === 'bad') throw refused;
        written.push(item);
      },
      'webhook',
      loggerInto(lines),
    );
    await rounds(recorder, ['bad', 'first', 'second', 'third', 'fourth']);
    await recorder.flush();
    expect(written).toEqual(['first', 'second', 'third', 'fourth']);
    expect(tries.filter((item) => item === 'bad')).toHaveLength(3);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.filter((line) => line.msg === 'webhook outcome not recorded yet')).toHaveLength(1);
    expect(logged.filter((line) => line.webhookId === 'msg_bad').at(-1)).toMatchObject({
      level: 50,
      msg: 'webhook outcome not recorded: its lease runs out and it is tried again then',
      reason: refused.message,
    });
  });

  it('keeps an outcome while the database is away, however long, stops the round meanwhile, and writes it when it is back', async () => {
    let away = true;
    const written: string[] = [];
    const recorder = outcomeRecorder(
      async (item: string) => {
        if (away)
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        written.push(item);
      },
      'mail',
      loggerInto([]),
    );
    await recorder.record('sent', { messageId: 'm1' });
    // Nothing new is claimed while the outcomes wait: each round ends at the flush.
    for (let round = 0; round < 10; round++) await expect(recorder.flush()).rejects.toThrow(/ECONNREFUSED/);
    away = false;
    await recorder.flush();
    expect(written).toEqual(['sent']);
  });
});
