import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Kysely's statements and raw SQL: a call of one of these methods, or the `sql` tag and its helpers. */
const kyselyStatements = [
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
];
const sqlMessage = 'SQL belongs in a *-repository.ts file (or db/): call a repository from here.';
const sqlOutsideRepositories = [
  {
    selector: `CallExpression[callee.property.name=/^(${kyselyStatements.join('|')})$/]`,
    message: sqlMessage,
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: sqlMessage },
  { selector: "CallExpression[callee.object.name='sql']", message: sqlMessage },
];
/** The server's layers, by folder or file under apps/server/src: the plumbing every domain may use. */
const serverPlumbing = [
  'db',
  'http',
  'security',
  'queue',
  'visitor-text',
  'business-hours',
  'env.ts',
  'csv.ts',
  'time.ts',
];
/** The domains, each a folder; cli/ is one, and also the command line's composition root. */
const serverDomains = [
  'admin-api',
  'analytics',
  'audit',
  'cli',
  'consent',
  'contact',
  'conversations',
  'health',
  'inbound',
  'inbox',
  'notifications',
  'operators',
  'privacy',
  'reports',
  'site',
  'spam',
  'webhooks',
];
/** What builds the server and its command line out of the domains. */
const serverRoots = ['app.ts', 'services.ts', 'derived-settings.ts', 'cli'];
const serverPaths = (paths) => paths.map((path) => `apps/server/src/${path}`);

export default tseslint.config(
  { ignores: ['**/build/', '**/dist/', '**/.react-router/', 'screenshots/', 'bench/results/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // An import cycle makes the order modules start in matter, and hides which layer depends on which.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs'],
          // The server's TypeScript imports its siblings by their built name (./app.js is ./app.ts).
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // The server's SQL lives in its repositories (docs/architecture.md): a service, route or worker calls
    // one, so each table's statements can be found, and changed, in one place.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*-repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: {
      'no-restricted-syntax': ['error', ...sqlOutsideRepositories],
    },
  },
  {
    // The server's layers (docs/architecture.md): the plumbing under the domains knows none of them, and
    // no domain reaches up into the composition root, which builds them all, or into admin-api/, which
    // puts the admin routes together. Tests stand above every layer.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: serverPaths(serverPlumbing),
              from: serverPaths(serverDomains),
              message:
                'db/, http/, security/, queue/ and env.ts import no domain: move what both need down here.',
            },
            {
              target: serverPaths(serverDomains.filter((domain) => domain !== 'cli')),
              from: serverPaths(serverRoots),
              message:
                'A domain imports no composition root: declare its options type here, the root imports it.',
            },
            {
              target: serverPaths(['http']),
              from: serverPaths(['security']),
              message: 'http/ is below security/, which uses it: move what http/ needs from there down here.',
            },
            {
              target: serverPaths(['spam']),
              from: serverPaths(['contact']),
              message:
                'spam/ is below contact/, which runs the filter: move what both need into spam/ or below.',
            },
            {
              target: serverPaths(serverDomains.filter((domain) => domain !== 'admin-api')),
              from: serverPaths(['admin-api']),
              message:
                'No domain imports admin-api/, which only puts the admin routes together: a route gets its session guard through its options (security/session-guard.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // The contract's index brings its zod schemas, whose eval probe the inbox's CSP refuses (decision 037).
    files: ['apps/admin/**/*.{ts,tsx}'],
    rules: {
      // `import { type X }` alone would stay in the build as an import of the whole index.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@site/api-contract',
              allowTypeImports: true,
              message: 'The inbox takes values from @site/api-contract/constants; the index brings zod.',
            },
          ],
        },
      ],
    },
  },
);
