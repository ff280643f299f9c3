/**
 * Where two languages' copy differ in shape: a key one has and the other lacks, an array of another
 * length, a text where the other has a list. The types say the same to `npm run check`; the build says
 * it again (react-router.config.ts), so copy edited without a type check still cannot reach a visitor
 * with a hole in it.
 */
export function shapeDifferences(reference: unknown, other: unknown, path = 'copy'): string[] {
  const kind = (value: unknown) => (Array.isArray(value) ? 'list' : value === null ? 'null' : typeof value);
  if (kind(reference) !== kind(other))
    return [`${path}: ${kind(other)} where English has ${kind(reference)}`];
  if (Array.isArray(reference)) {
    const list = other as unknown[];
    if (reference.length !== list.length)
      return [`${path}: ${list.length} entries where English has ${reference.length}`];
    return reference.flatMap((entry, index) => shapeDifferences(entry, list[index], `${path}[${index}]`));
  }
  if (kind(reference) !== 'object') return [];
  const referenceKeys = Object.keys(reference as object);
  const otherKeys = Object.keys(other as object);
  return [
    ...referenceKeys.filter((key) => !otherKeys.includes(key)).map((key) => `${path}.${key}: missing`),
    ...otherKeys.filter((key) => !referenceKeys.includes(key)).map((key) => `${path}.${key}: not in English`),
    ...referenceKeys
      .filter((key) => otherKeys.includes(key))
      .flatMap((key) =>
        shapeDifferences(
          (reference as Record<string, unknown>)[key],
          (other as Record<string, unknown>)[key],
          `${path}.${key}`,
        ),
      ),
  ];
}
