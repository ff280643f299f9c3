// Prints the import graph between apps/server/src's folders (and its root files): relative imports of
// non-test files, type-only ones included. Usage: node .ci/server-import-graph.mjs [src dir] [--edges]
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const src = resolve(
  process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'apps/server/src',
);
const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test/'),
);
const nodeOf = (file) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : file.replace(/\.ts$/, ''));
const edges = new Map();
for (const file of files) {
  const source = readFileSync(join(src, file), 'utf8');
  for (const [, spec] of source.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
    const target = relative(src, resolve(src, dirname(file), spec)).replace(/\.js$/, '.ts');
    if (target.startsWith('..')) continue;
    const [from, to] = [nodeOf(file), nodeOf(target)];
    if (from === to) continue;
    const key = `${from} -> ${to}`;
    edges.set(key, [...(edges.get(key) ?? []), `${file} -> ${target}`]);
  }
}
const graph = new Map();
for (const key of edges.keys()) {
  const [from, to] = key.split(' -> ');
  graph.set(from, [...(graph.get(from) ?? []), to]);
  if (!graph.has(to)) graph.set(to, []);
}
// Tarjan's strongly connected components.
let index = 0;
const stack = [];
const info = new Map();
const components = [];
const visit = (node) => {
  info.set(node, { index, low: index, on: true });
  index++;
  stack.push(node);
  for (const next of graph.get(node)) {
    if (!info.has(next)) {
      visit(next);
      info.get(node).low = Math.min(info.get(node).low, info.get(next).low);
    } else if (info.get(next).on) info.get(node).low = Math.min(info.get(node).low, info.get(next).index);
  }
  if (info.get(node).low === info.get(node).index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      info.get(member).on = false;
      component.push(member);
    } while (member !== node);
    components.push(component);
  }
};
for (const node of graph.keys()) if (!info.has(node)) visit(node);
const cyclic = components.filter((component) => component.length > 1).sort((a, b) => b.length - a.length);
const componentOf = new Map(cyclic.flatMap((component, n) => component.map((node) => [node, n])));
const inCycles = [...edges.keys()].filter((key) => {
  const [from, to] = key.split(' -> ');
  return componentOf.has(from) && componentOf.get(from) === componentOf.get(to);
});
console.log(`nodes (folders and root files): ${graph.size}; edges between them: ${edges.size}`);
console.log(
  `cycles: ${cyclic.length} strongly connected groups; sizes ${cyclic.map((c) => c.length).join(', ') || '-'}`,
);
for (const component of cyclic) console.log(`  {${component.sort().join(', ')}}`);
console.log(`edges inside a cycle: ${inCycles.length} of ${edges.size}`);
for (const low of ['db', 'queue'])
  if (graph.has(low))
    console.log(
      `${low}/ imports: ${graph.get(low).sort().join(', ') || 'nothing'}; in a cycle: ${componentOf.has(low)}`,
    );
if (process.argv.includes('--edges'))
  for (const [key, why] of [...edges].sort())
    console.log(`${key}  (${why.length}: ${why[0]}${why.length > 1 ? ', …' : ''})`);
