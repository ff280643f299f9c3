import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, inject } from 'vitest';

/**
 * The link in the consent confirmation mail of message `id`, read from the .eml file the suite's
 * server writes (it runs without SMTP_URL).
 */
export async function confirmationLink(id: string, dataDir = inject('dataDir')): Promise<URL> {
  const dir = join(dataDir, 'mail');
  const isConfirmation = (name: string) => name.startsWith(`consent-${id}@`) && name.endsWith('.eml');
  const mailFile = async () => (await readdir(dir).catch(() => [])).find(isConfirmation);
  await expect
    .poll(mailFile, { timeout: 5000, interval: 50, message: `no confirmation mail for ${id}` })
    .toBeDefined();
  const file = (await mailFile())!;
  const { text } = await simpleParser(await readFile(join(dir, file)));
  const link = /\bhttps?:\/\/\S+\/confirm-subscription\?token=\S+/.exec(text ?? '');
  if (!link) throw new Error(`no confirmation link in ${file}`);
  return new URL(link[0]);
}
