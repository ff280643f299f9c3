import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

const isHttpOrigin = (value: string) =>
  URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && new URL(value).origin === value;

/** Goes into the pages' Content-Security-Policy, so only an http(s) origin, never a path or a list. */
const apiOrigin = z
  .string()
  .refine(
    (value) => value === '' || isHttpOrigin(value),
    'must be empty or an origin such as https://api.example.com',
  );

const siteFactsSchema = z.object({
  name: z.string().min(1),
  siteKey: z.string().min(1),
  email: z.string().min(1),
  apiOrigin,
});

export type SiteFacts = z.infer<typeof siteFactsSchema>;

/** The brand and API facts the web build writes beside the site (`build/site.json`). */
export async function readSiteFacts(webRoot: string): Promise<SiteFacts> {
  const path = join(webRoot, '..', 'site.json');
  const text = await readFile(path, 'utf8').catch(() => {
    throw new Error(`${path} is missing: build the site first (npm run build)`);
  });
  return siteFactsSchema.parse(JSON.parse(text));
}
