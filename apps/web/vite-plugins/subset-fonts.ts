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

/** Every character in the site's sources, so every text it can show, plus printable ASCII. */
async function siteCharacters(dirs: string[]): Promise<number[]> {
  const characters = new Set<number>();
  for (const character of PRINTABLE_ASCII) characters.add(character.codePointAt(0)!);
  for (const dir of dirs) {
    for (const file of await sourceFiles(dir)) {
      for (const character of await readFile(file, 'utf8')) {
        const codePoint = character.codePointAt(0)!;
        if (codePoint >= 0x20) characters.add(codePoint);
      }
    }
  }
  return [...characters].sort((a, b) => a - b);
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

const fileName = (font: SiteFont) => `${font.family.toLowerCase().replaceAll(' ', '-')}.woff2`;

async function writeIfChanged(path: string, content: string | Uint8Array) {
  const current = await readFile(path).catch(() => undefined);
  if (current && Buffer.compare(current, Buffer.from(content)) === 0) return;
  await writeFile(path, content);
}

async function writeSiteFonts({ fonts, textFrom, outDir }: Options) {
  const require = createRequire(import.meta.url);
  const codePoints = await siteCharacters(textFrom);
  const text = String.fromCodePoint(...codePoints);
  await mkdir(outDir, { recursive: true });
  const css: string[] = [];
  for (const font of fonts) {
    const source = await readFile(require.resolve(font.file));
    const subset = await subsetFont(source, text, {
      targetFormat: 'woff2',
      variationAxes: { wght: font.weights },
      keepFeatures: font.features,
    });
    await writeIfChanged(join(outDir, fileName(font)), subset);
    const fallbacks = fallbackFontFaces(
      font.family,
      font.metrics,
      await averageAdvance(source, font.boldWeight),
    );
    const fallbackStack = `${fallbacks.families.map((family) => `'${family}'`).join(', ')}, system-ui, sans-serif`;
    css.push(
      `@font-face {
  font-family: '${font.family}';
  font-style: normal;
  font-display: swap;
  font-weight: ${font.fontWeight};
  src: url(./${fileName(font)}) format('woff2');
  unicode-range: ${unicodeRange(codePoints)};
}`,
      ...fallbacks.fontFaces,
      // The first paint uses the size-matched local fallbacks; the web font joins once the page has
      // painted (WEB_FONTS_CLASS, which the behaviour module sets), or at once without JavaScript, so
      // the first screen never waits for a font file (decision 031).
      `:root {
  ${font.stackProperty}-web: '${font.family}', ${fallbackStack};
  ${font.stackProperty}: ${fallbackStack};
}

:root.${WEB_FONTS_CLASS} {
  ${font.stackProperty}: var(${font.stackProperty}-web);
}

@media (scripting: none) {
  :root {
    ${font.stackProperty}: var(${font.stackProperty}-web);
  }
}`,
    );
  }
  await writeIfChanged(
    join(outDir, 'fonts.css'),
    `/* Written by vite-plugins/subset-fonts.ts */\n${css.join('\n\n')}\n`,
  );
}

/**
 * Cuts each font down to the characters the site uses and the weights it uses, and writes a stylesheet
 * with their faces and size-matched fallbacks. The subset face is declared after the fontsource package's
 * faces, so the browser takes it for its characters and loads the full files only for any other character
 * (a name typed in Greek, say). Written once per run: the client and server builds share it.
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
