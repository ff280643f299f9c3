import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { inject } from 'vitest';

/**
 * The link in the consent confirmation mail of message `id`, read from the .eml file the suite's
 * server writes (it runs without SMTP_URL).
 */
export async function confirmationLink(id: string, dataDir = inject('dataDir')): Promise<URL> {
  const dir = join(dataDir, 'mail');
  const deadline = Date.now() + 5000;
  for (;;) {
    const files = await readdir(dir).catch(() => []);
    const file = files.find((name) => name.startsWith(`consent-${id}@`) && name.endsWith('.eml'));
    if (file) {
      const { text } = await simpleParser(await readFile(join(dir, file)));
      const link = /\bhttps?:\/\/\S+\/confirm-subscription\?token=\S+/.exec(text ?? '');
      if (!link) throw new Error(`no confirmation link in ${file}`);
      return new URL(link[0]);
    }
    if (Date.now() > deadline) throw new Error(`no confirmation mail for message ${id}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
