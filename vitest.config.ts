import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The import aliases of tsconfig.json: ~/ is src/, ~db/ is db/.
  resolve: {
    alias: {
      '~db': fileURLToPath(new URL('./db', import.meta.url)),
      '~': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Integration tests start the built server as child processes; keep the 2 cores for them.
    maxWorkers: 2,
  },
});
