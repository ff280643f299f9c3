import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

const siteFactsSchema = z.object({
  name: z.string().min(1),
  siteKey: z.string().min(1),
  email: z.string().min(1),
});

export type SiteFacts = z.infer<typeof siteFactsSchema>;

/** The brand facts the web build writes beside the site (`build/site.json`). */
export async function readSiteFacts(webRoot: string): Promise<SiteFacts> {
  const path = join(webRoot, '..', 'site.json');
  const text = await readFile(path, 'utf8').catch(() => {
    throw new Error(`${path} is missing: build the site first (npm run build)`);
  });
  return siteFactsSchema.parse(JSON.parse(text));
}
