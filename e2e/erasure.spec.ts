import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { filesHolding } from '@site/testing/files-holding';
import { messagesCommand } from '@site/testing/messages-command';
import { createTestDir } from '@site/testing/per-test';
import { serverWithNotified } from './support/notified-server';
import { sendContact } from './support/send-contact';

const person = {
  name: 'Wilhelmina Forgetful',
  email: 'wilhelmina.forgetful@example.com',
  subject: 'Erase me',
  message: 'Remember these words: tangerine-lighthouse-93.',
};
const traces = [person.email, person.name, 'tangerine-lighthouse-93'];
const other = { ...person, name: 'Otto Other', email: 'otto.other@example.com', message: 'Mine stay.' };

/** A server process holding a message from each, and their notifications. */
async function serverWithMessages() {
  const dataDir = createTestDir('erase-data-');
  return { dataDir, server: await serverWithNotified(dataDir, [person, other]) };
}

/** Where each trace of the person is, file by file, relative to DATA_DIR. */
const tracesIn = (dataDir: string) =>
  Object.fromEntries(traces.map((text) => [text, filesHolding(dataDir, text)]));
const noTraces = Object.fromEntries(traces.map((text) => [text, []]));

describe('npm run messages -- erase, as processes: no byte of the person left in DATA_DIR', () => {
  it('while the server process runs', async () => {
    const { dataDir, server } = await serverWithMessages();
    console.log('before erase (server running):', tracesIn(dataDir));

    const erased = await messagesCommand({ DATA_DIR: dataDir }, 'erase', '--email', person.email);
    expect(erased.code).toBe(0);
    expect(tracesIn(dataDir)).toEqual(noTraces);
    expect(filesHolding(dataDir, other.email).some((path) => path.startsWith('mail/'))).toBe(true);

    // The server writes on: no page from before the erase comes back through its connection.
    expect(await sendContact(server.url, { ...other, message: 'After the erase.' })).toBe(201);
    await vi.waitFor(() => expect(readdirSync(join(dataDir, 'mail'))).toHaveLength(2), { timeout: 5000 });
    expect(tracesIn(dataDir)).toEqual(noTraces);
  });

  it('with the server stopped', async () => {
    const { dataDir, server } = await serverWithMessages();
    await server.stop();
    console.log('before erase (server stopped):', tracesIn(dataDir));

    expect((await messagesCommand({ DATA_DIR: dataDir }, 'erase', '--email', person.email)).code).toBe(0);
    expect(tracesIn(dataDir)).toEqual(noTraces);
  });
});
