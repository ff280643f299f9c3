import type { Plugin } from 'vite';

// Vite's own module, which it imports into every chunk with a dynamic import() (decision 079).
const preloadHelper = '\0vite/preload-helper.js';

/**
 * Vite wraps each dynamic import() in `__vitePreload(load, deps)`, whose helper (about 860 bytes gzip)
 * adds a `<link rel=modulepreload>` to `<head>` for each chunk the imported one needs, and a stylesheet
 * for its CSS. This one imports those chunks beside it instead, in a few bytes: their fetches start at the
 * same moment, and a chunk that fails is reported by the import that needs it. It loads no stylesheet,
 * so the build fails if a dynamically imported chunk brings CSS.
 */
export function importWithDeps(): Plugin {
  return {
    name: 'import-with-deps',
    enforce: 'pre',
    apply: 'build',
    load(id) {
      if (id !== preloadHelper) return;
      return `export const __vitePreload = (load, deps) => {
  for (const dep of deps ?? []) import(/* @vite-ignore */ import.meta.env.BASE_URL + dep).catch(() => {});
  return load();
};`;
    },
    generateBundle(_, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((file) =>
          file.type === 'chunk' ? [[file.fileName, file] as const] : [],
        ),
      );
      /** Whether the chunk, or any chunk it imports statically, has CSS of its own. */
      const bringsCss = (fileName: string, seen = new Set<string>()): boolean => {
        const chunk = chunks.get(fileName);
        if (!chunk || seen.has(fileName)) return false;
        seen.add(fileName);
        return (
          (chunk.viteMetadata?.importedCss.size ?? 0) > 0 ||
          chunk.imports.some((next) => bringsCss(next, seen))
        );
      };
      for (const chunk of chunks.values())
        for (const imported of chunk.dynamicImports.filter((fileName) => bringsCss(fileName)))
          this.error(
            `${chunk.fileName} imports ${imported}, which brings CSS: import-with-deps loads no stylesheet`,
          );
    },
  };
}
