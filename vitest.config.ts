import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Load and fault tests (a minute of load, kill -9 rounds, thousands of generated payloads) measure
// the server's memory and timing, so they run on their own, one file at a time, after the others:
// `npm test` runs them as its own step (LOAD_TESTS=1). Plain `npx vitest run` leaves them out.
const LOAD_TESTS = [
  'tests/integration/soak.test.ts',
  'tests/integration/crash-captures.test.ts',
  'tests/integration/fuzz-json.test.ts',
];
const loadRun = process.env.LOAD_TESTS === '1';

export default defineConfig({
  // The import aliases of tsconfig.json: ~/ is src/, ~db/ is db/.
  resolve: {
    alias: {
      '~db': fileURLToPath(new URL('./db', import.meta.url)),
      '~': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  test: {
    include: loadRun ? LOAD_TESTS : ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    exclude: loadRun ? [] : LOAD_TESTS,
    fileParallelism: !loadRun,
    environment: 'node',
    globalSetup: ['tests/vitest-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Integration tests start the built server as child processes; keep the 2 cores for them.
    maxWorkers: 2,
  },
});
