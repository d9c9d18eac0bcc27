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
const EXCLUDED = (process.env.EXCLUDE_TESTS ?? '').split(',').filter(Boolean);
/** The unit tests, beside the code they test, and the integration tests and checks of the whole tree. */
const UNIT = ['{src,server,scripts,demo}/**/*.test.{ts,tsx}'];
const INTEGRATION = ['tests/**/*.test.{ts,tsx}'];

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
    // Without LOAD_TESTS the two projects below say which files they hold (a project extends
    // this config, and its list would be added to one given here).
    // EXCLUDE_TESTS (comma-separated files) leaves files out: `npm test` runs one of them in a lane
    // of its own. vitest's --exclude does not reach the projects.
    ...(loadRun ? { include: LOAD_TESTS, exclude: [] } : { exclude: [...LOAD_TESTS, ...EXCLUDED] }),
    // The unit tests share their workers' loaded modules instead of importing them again for each
    // file: that import took 41 of their 99 s. Each unit test makes its own data (factories over a
    // fresh database), so none depends on a module being fresh. The integration tests, which set
    // the environment of the servers and stores they start, keep a fresh module graph per file.
    projects: loadRun
      ? undefined
      : [
          { extends: true, test: { name: 'unit', include: UNIT, isolate: false } },
          { extends: true, test: { name: 'integration', include: INTEGRATION } },
        ],
    fileParallelism: !loadRun,
    environment: 'node',
    globalSetup: ['tests/vitest-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Integration tests start the built server as child processes; keep the 2 cores for them.
    maxWorkers: 2,
  },
});
