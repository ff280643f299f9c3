import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import roboto from '@capsizecss/metrics/roboto';
import { ARIAL_BOLD_AVERAGE_ADVANCE } from './average-advance.ts';

export type FontMetrics = Parameters<typeof createFontStack>[0][number];

/**
 * Local fonts stretched to the web font's metrics (Capsize's size-adjust and ascent/descent overrides), so
 * text laid out before the web font arrives keeps its place when it swaps in. Arial is on Windows, macOS
 * and iOS, with Liberation Sans, its metric twin, on Linux; Roboto is Android's. Bold text gets Arial Bold
 * stretched to the web font at its bold weight: a bold made up from the regular face is narrower, and
 * would break headings onto fewer lines than the web font does.
 */
const LOCAL_FALLBACKS = [
  {
    metrics: arial,
    sources: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans'],
    bold: {
      sources: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold'],
      averageAdvance: ARIAL_BOLD_AVERAGE_ADVANCE,
    },
  },
  { metrics: roboto, sources: ['Roboto', 'Roboto-Regular'] },
];

const percent = (value: number) => `${(value * 100).toFixed(4)}%`;

const kebabCase = (property: string) => property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The fallback faces for a web font with these metrics, whose average advance at its bold weight is
 * `boldAverageAdvance` (em per character, see average-advance.ts), and their family names in order.
 */
export function fallbackFontFaces(family: string, metrics: FontMetrics, boldAverageAdvance: number) {
  const families: string[] = [];
  const fontFaces = LOCAL_FALLBACKS.flatMap(({ metrics: local, sources, bold }) => {
    const name = `${family} Fallback ${local.familyName}`;
    families.push(name);
    const [fallback] = createFontStack([metrics, local], { fontFaceFormat: 'styleObject' }).fontFaces;
    if (!fallback) throw new Error(`Capsize made no fallback face for ${family} from ${local.familyName}`);
    const face = fallback['@font-face'];
    const overrides = Object.entries(face)
      .filter(([property]) => property !== 'fontFamily' && property !== 'src')
      .map(([property, value]) => `  ${kebabCase(property)}: ${value};`);
    const regular = `@font-face {
  font-family: '${name}';
  src: ${sources.map((source) => `local('${source}')`).join(', ')};
${overrides.join('\n')}
}`;
    if (!bold) return [regular];
    const sizeAdjust = boldAverageAdvance / bold.averageAdvance;
    const em = metrics.unitsPerEm * sizeAdjust;
    return [
      regular,
      `@font-face {
  font-family: '${name}';
  font-weight: 600 900;
  src: ${bold.sources.map((source) => `local('${source}')`).join(', ')};
  ascent-override: ${percent(metrics.ascent / em)};
  descent-override: ${percent(Math.abs(metrics.descent) / em)};
  line-gap-override: ${percent(metrics.lineGap / em)};
  size-adjust: ${percent(sizeAdjust)};
}`,
    ];
  });
  return { families, fontFaces };
}
