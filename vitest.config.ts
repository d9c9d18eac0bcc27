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
/** Where the unit and integration tests are: every *.test.ts(x) of these folders. */
const UNIT_AND_INTEGRATION = ['{src,server,scripts,demo,tests}/**/*.test.{ts,tsx}'];

export default defineConfig({
  // The import aliases of tsconfig.json: ~/ is src/, ~db/ is db/, ~tests/ is tests/ (the helpers
  // and fixtures of the unit tests that sit beside their code).
  resolve: {
    alias: {
      '~db': fileURLToPath(new URL('./db', import.meta.url)),
      '~tests': fileURLToPath(new URL('./tests', import.meta.url)),
      '~': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  test: {
    // Unit tests sit beside the code they test (src/, server/, scripts/, demo/); the integration
    // tests, which start the built server, and the checks of the whole tree are under tests/.
    include: loadRun ? LOAD_TESTS : UNIT_AND_INTEGRATION,
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
