import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import roboto from '@capsizecss/metrics/roboto';

export type FontMetrics = Parameters<typeof createFontStack>[0][number];

/**
 * Local fonts stretched to the web font's metrics (Capsize's size-adjust and ascent/descent overrides), so
 * text laid out before the web font arrives keeps its place when it swaps in. Arial is on Windows, macOS
 * and iOS, with Liberation Sans, its metric twin, on Linux; Roboto is Android's.
 */
const LOCAL_FALLBACKS = [
  { metrics: arial, sources: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans'] },
  { metrics: roboto, sources: ['Roboto', 'Roboto-Regular'] },
];

const kebabCase = (property: string) => property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

export function fallbackFontFaces(family: string, metrics: FontMetrics) {
  const families: string[] = [];
  const fontFaces = LOCAL_FALLBACKS.map(({ metrics: local, sources }) => {
    const name = `${family} Fallback ${local.familyName}`;
    families.push(name);
    const [fallback] = createFontStack([metrics, local], { fontFaceFormat: 'styleObject' }).fontFaces;
    if (!fallback) throw new Error(`Capsize made no fallback face for ${family} from ${local.familyName}`);
    const face = fallback['@font-face'];
    const overrides = Object.entries(face)
      .filter(([property]) => property !== 'fontFamily' && property !== 'src')
      .map(([property, value]) => `  ${kebabCase(property)}: ${value};`);
    return `@font-face {
  font-family: '${name}';
  src: ${sources.map((source) => `local('${source}')`).join(', ')};
${overrides.join('\n')}
}`;
  });
  return { families, fontFaces };
}
