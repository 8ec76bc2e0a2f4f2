import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@tracklane/domain': fileURLToPath(new URL('./packages/domain/src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    // Like the PostgreSQL runs, the cross-instance test needs a real server: TEST_REDIS_URL names it.
    exclude: ['**/node_modules/**', ...(process.env.TEST_REDIS_URL ? [] : ['apps/server/test/**/redis-*.test.ts'])],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // CI reads a plain "N passed, N failed" line; scripts/test-summary.mjs prints it from this file.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results.json' },
  },
});
