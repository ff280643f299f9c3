import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { averageAdvance } from './average-advance.ts';
import { fallbackFontFaces, type FontMetrics } from './fallback-font-faces.ts';
import { WEB_FONTS_CLASS } from '../app/lib/web-fonts.ts';

export interface SiteFont {
  /** The family the stylesheets name, as the fontsource package declares it. */
  family: string;
  /** The fontsource package's latin file: the subset is cut from it. */
  file: string;
  /** Its greek file, for the Greek pages' subset; absent when the font has no Greek letters. */
  greekFile?: string;
  /**
   * For a font without Greek letters: the custom property whose stack the Greek pages use instead, so a
   * Greek heading is set in one typeface, not in two.
   */
  greekPagesUse?: string;
  /** The fontsource package's weight range (the subset's face must match it to join its family). */
  fontWeight: string;
  /** The weights the site uses: the subset keeps only this part of the variable axis. */
  weights: { min: number; max: number };
  /** The weight the bold fallback is matched to (the headings' weights lie around it). */
  boldWeight: number;
  /**
   * The OpenType features the site uses (`kern`, `tnum` for tabular-nums...). Each feature left out drops
   * its tables and alternate glyphs: Inter with all of them does not fit the first round trip of a new
   * connection (14.6 kB), with kerning alone it does.
   */
  features: string[];
  /** The custom property that gets the font stack: the font, its size-matched fallbacks, system fonts. */
  stackProperty: string;
  metrics: FontMetrics;
}

interface Options {
  fonts: SiteFont[];
  /** Folders whose source holds every text the site shows (copy, messages). */
  textFrom: string[];
  /**
   * The folder of the Greek pages' copy, inside `textFrom`: the characters only it uses go into the Greek
   * pages' own subsets, so the English pages' font files do not grow.
   */
  greekText: string;
  /** Where the subsets and their stylesheet are written (`fonts.css` and one `.woff2` per font). */
  outDir: string;
}

/** Printable ASCII is always kept: it is what visitors mostly type into the forms. */
const PRINTABLE_ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(tsx?|json)$/.test(entry.name) && !/\.test\./.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The Greek and Coptic block and Greek Extended: the letters the Greek subsets hold. */
const isGreekLetter = (codePoint: number) =>
  (codePoint >= 0x370 && codePoint <= 0x3ff) || (codePoint >= 0x1f00 && codePoint <= 0x1fff);

/** The characters of a set of files (control characters left out). */
async function charactersOf(files: string[]): Promise<Set<number>> {
  const characters = new Set<number>();
  for (const file of files) {
    for (const character of await readFile(file, 'utf8')) {
      const codePoint = character.codePointAt(0)!;
      if (codePoint >= 0x20) characters.add(codePoint);
    }
  }
  return characters;
}

const sorted = (characters: Iterable<number>) => [...characters].sort((a, b) => a - b);

/**
 * Every character the site's sources can show, in three parts: what any page may need besides Greek
 * letters (plus printable ASCII), the other characters only the Greek copy uses (« », say), and the
 * Greek letters.
 */
async function siteCharacters(dirs: string[], greekText: string) {
  const files = (await Promise.all(dirs.map(sourceFiles))).flat();
  const isGreekCopy = (file: string) => file.startsWith(join(greekText, '/'));
  const everywhere = await charactersOf(files.filter((file) => !isGreekCopy(file)));
  const greekCopy = await charactersOf(files.filter(isGreekCopy));
  const latin = new Set<number>(Array.from(PRINTABLE_ASCII, (character) => character.codePointAt(0)!));
  for (const codePoint of everywhere) if (!isGreekLetter(codePoint)) latin.add(codePoint);
  const all = [...everywhere, ...greekCopy];
  return {
    latin: sorted(latin),
    greekPagesLatin: sorted(new Set([...greekCopy].filter((c) => !isGreekLetter(c) && !latin.has(c)))),
    greek: sorted(new Set(all.filter(isGreekLetter))),
  };
}

/** `U+20-7E,U+A9`: runs of consecutive code points as ranges. */
function unicodeRange(sortedCodePoints: number[]) {
  const runs: [number, number][] = [];
  for (const codePoint of sortedCodePoints) {
    const last = runs.at(-1);
    if (last && last[1] === codePoint - 1) last[1] = codePoint;
    else runs.push([codePoint, codePoint]);
  }
  const hex = (codePoint: number) => codePoint.toString(16).toUpperCase();
  return runs.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(',');
}

const fileName = (font: SiteFont, part = '') =>
  `${font.family.toLowerCase().replaceAll(' ', '-')}${part}.woff2`;

async function writeIfChanged(path: string, content: string | Uint8Array) {
  const current = await readFile(path).catch(() => undefined);
  if (current && Buffer.compare(current, Buffer.from(content)) === 0) return;
  await writeFile(path, content);
}

/** One face of a font: a subset of `source` (a fontsource file) with `codePoints`, served for exactly those. */
async function writeFace(font: SiteFont, source: Buffer, codePoints: number[], part: string, outDir: string) {
  const subset = await subsetFont(source, String.fromCodePoint(...codePoints), {
    targetFormat: 'woff2',
    variationAxes: { wght: font.weights },
    keepFeatures: font.features,
  });
  await writeIfChanged(join(outDir, fileName(font, part)), subset);
  return `@font-face {
  font-family: '${font.family}';
  font-style: normal;
  font-display: swap;
  font-weight: ${font.fontWeight};
  src: url(./${fileName(font, part)}) format('woff2');
  unicode-range: ${unicodeRange(codePoints)};
}`;
}

async function writeSiteFonts({ fonts, textFrom, greekText, outDir }: Options) {
  const require = createRequire(import.meta.url);
  const characters = await siteCharacters(textFrom, greekText);
  await mkdir(outDir, { recursive: true });
  const css: string[] = [];
  for (const font of fonts) {
    const source = await readFile(require.resolve(font.file));
    // A browser fetches a face only for a character of its range that a page shows: the English pages
    // never fetch the Greek pages' faces.
    css.push(await writeFace(font, source, characters.latin, '', outDir));
    if (characters.greekPagesLatin.length > 0 && !font.greekPagesUse)
      css.push(await writeFace(font, source, characters.greekPagesLatin, '-el-latin', outDir));
    if (font.greekFile && characters.greek.length > 0) {
      const greek = await readFile(require.resolve(font.greekFile));
      css.push(await writeFace(font, greek, characters.greek, '-el', outDir));
    }
    const fallbacks = fallbackFontFaces(
      font.family,
      font.metrics,
      await averageAdvance(source, font.boldWeight),
    );
    const fallbackStack = `${fallbacks.families.map((family) => `'${family}'`).join(', ')}, system-ui, sans-serif`;
    css.push(
      ...fallbacks.fontFaces,
      // The first paint uses the size-matched local fallbacks; the web font joins once the page has
      // painted (WEB_FONTS_CLASS, which the behaviour module sets on the page's parts in turn), or at once without JavaScript, so the first screen never waits for a font file
      // (decisions 031 and 072). `-local` is the fallbacks alone, for a word in another language that
      // must not fetch that language's face (the language switch).
      `:root {
  ${font.stackProperty}-web: '${font.family}', ${fallbackStack};
  ${font.stackProperty}-local: ${fallbackStack};
  ${font.stackProperty}: ${fallbackStack};
}

.${WEB_FONTS_CLASS} {
  ${font.stackProperty}: var(${font.stackProperty}-web);
}

@media (scripting: none) {
  :root {
    ${font.stackProperty}: var(${font.stackProperty}-web);
  }
}`,
    );
  }
  // After every font's rules, so that it wins over them: a font without Greek letters gives way on the
  // Greek pages.
  for (const font of fonts)
    if (font.greekPagesUse)
      css.push(`:root:lang(el),
.${WEB_FONTS_CLASS}:lang(el) {
  ${font.stackProperty}: var(${font.greekPagesUse});
}`);
  await writeIfChanged(
    join(outDir, 'fonts.css'),
    `/* Written by vite-plugins/subset-fonts.ts */\n${css.join('\n\n')}\n`,
  );
}

/**
 * Cuts each font down to the characters the site uses and the weights it uses, and writes a stylesheet
 * with their faces and size-matched fallbacks: one face for what every page shows, and the Greek pages'
 * own faces (their Greek letters, and the few other characters only they use). The subset faces are
 * declared after the fontsource package's faces, so the browser takes them for their characters and
 * loads the full files only for any other character (a name typed in Cyrillic, say). Written once per
 * run: the client and server builds share it.
 */
export function subsetFonts(options: Options): Plugin {
  let written: Promise<void> | undefined;
  return {
    name: 'subset-fonts',
    buildStart() {
      written ??= writeSiteFonts(options);
      return written;
    },
  };
}
