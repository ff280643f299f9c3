import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Language, languages } from '@site/api-contract';
import { z } from 'zod';

const colour = z.string().regex(/^#[0-9a-f]{3,8}$/i);

const isHttpOrigin = (value: string) =>
  URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && new URL(value).origin === value;

/** Goes into the pages' Content-Security-Policy, so only an http(s) origin, never a path or a list. */
const apiOrigin = z
  .string()
  .refine(
    (value) => value === '' || isHttpOrigin(value),
    'must be empty or an origin such as https://api.example.com',
  );

const formLabels = z.object({
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  consent: z.string(),
});

export type FormLabels = z.infer<typeof formLabels>;

const perLanguage = <T extends z.ZodType>(schema: T) =>
  z.object(Object.fromEntries(languages.map((language) => [language, schema])) as Record<Language, T>);

const siteFactsSchema = z.object({
  name: z.string().min(1),
  /** The company's registered name, and its postal address a line each per language: the acknowledgement signs with them. */
  legalName: z.string().min(1),
  addressLines: perLanguage(z.array(z.string())),
  siteKey: z.string().min(1),
  email: z.string().min(1),
  /** For the pages the server renders itself, so they carry the brand too. */
  colours: z.object({ primary: colour, primaryDark: colour, ink: colour, surface: colour }),
  /** The site's palette.css, the colours of both themes from the brand's: put in those pages' <style>. */
  palette: z.string().refine((css) => !css.includes('<'), 'must be CSS, with no markup'),
  logo: z.string().min(1),
  /**
   * Per language, the contact forms' field labels (to name a field on the no-JavaScript error page) and
   * the marketing box's (the expired confirmation link's page names it).
   */
  formLabels: perLanguage(formLabels),
  /** The languages the pages are written in (BCP 47): messages in other scripts are suspect. */
  languages: z.array(z.string().min(2)).min(1),
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
