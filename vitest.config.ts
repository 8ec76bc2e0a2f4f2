import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@tracklane/domain': fileURLToPath(new URL('./packages/domain/src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    // The cross-instance test needs real servers: TEST_REDIS_URL names Redis, TEST_DATABASE_URL the
    // PostgreSQL database the instances share (a SQLite file serves one instance). The postgres-only
    // tests need TEST_DATABASE_URL (CI sets both).
    exclude: [
      '**/node_modules/**',
      ...(process.env.TEST_REDIS_URL && process.env.TEST_DATABASE_URL ? [] : ['apps/server/test/**/redis-*.test.ts']),
      ...(process.env.TEST_DATABASE_URL ? [] : ['apps/server/test/**/postgres-only-*.test.ts']),
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default is a worker fewer than the cores: one on the two-core machines CI runs on, so
    // the files ran one after another though most of their time is spent waiting on servers,
    // sockets and databases. Two at once (2026-12-02, SQLite and PostgreSQL): 189-206 s in six runs
    // against 337 s.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // CI reads a plain "N passed, N failed" line; scripts/test-summary.mjs prints it from this file.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results.json' },
  },
});
