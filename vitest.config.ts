import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['app/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test/setup.ts'],
        },
        define: { __BUILD_YEAR__: '2026' },
      },
      { test: { name: 'server', root: 'apps/server', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'contact',
          root: 'packages/contact',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
