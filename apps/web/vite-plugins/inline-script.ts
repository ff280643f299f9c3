import { build, type Plugin, type Rolldown } from 'vite';

/** `import code from './module?inline-script'`: the module and its imports bundled into one minified script. */
export function inlineScript(): Plugin {
  const suffix = '?inline-script';
  return {
    name: 'inline-script',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(suffix)) return;
      const resolved = await this.resolve(source.slice(0, -suffix.length), importer);
      return resolved && `${resolved.id}${suffix}`;
    },
    async load(id) {
      if (!id.endsWith(suffix)) return;
      const result = (await build({
        configFile: false,
        logLevel: 'warn',
        build: {
          write: false,
          minify: true,
          rolldownOptions: { input: id.slice(0, -suffix.length), output: { format: 'iife' } },
        },
      })) as Rolldown.RolldownOutput;
      return `export default ${JSON.stringify(result.output[0].code.trim())};`;
    },
  };
}
