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
