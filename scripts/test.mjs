// `npm test`: every check and every test, in the order that fails fastest.
// 1. lint and format (Biome), 2. types (astro check), 3. build, 4. unit and integration tests
// (vitest; integration tests start the built server), 5. the media, upload, gallery and backup
// tests again with their media in S3 (a real S3 API server, s3rver, on loopback), 6. load and
// fault tests (vitest, one file at a time), 7. browser tests (Playwright, Debian chromium), 8. the
// storage check of their data, 9. the browser tests of uploads and a client's download on S3.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureSystemPackages } from './system-packages.mjs';

/**
 * The tests that run on both stores (everything that writes, reads, serves or backs up media) say
 * so themselves, in a comment line that starts with `// @both-stores`: vitest files for step 5,
 * Playwright specs for step 9.
 */
const BOTH_STORES = /^\/\/ @both-stores:/m;
const filesMarkedForBothStores = (roots, suffix) =>
  roots
    .flatMap((root) => readdirSync(root, { recursive: true }).map((f) => join(root, String(f))))
    .filter(
      (f) => f.endsWith(suffix) && !f.includes('node_modules') && BOTH_STORES.test(readFileSync(f, 'utf8')),
    )
    .sort();
const ON_BOTH_STORES = filesMarkedForBothStores(['src', 'server', 'scripts', 'demo', 'tests'], '.test.ts');
const BROWSER_ON_S3 = filesMarkedForBothStores(['tests/e2e'], '.spec.ts');
const E2E_S3 = { E2E_STORAGE: 's3', E2E_PORT: '4397', E2E_DATA_DIR: 'test-results/e2e-s3-data' };

const steps = [
  ['lint', 'npx', ['biome', 'check', '.']],
  ['types', 'npx', ['astro', 'check', '--minimumSeverity', 'warning']],
  ['build', 'npm', ['run', 'build']],
  ['unit and integration tests', 'npx', ['vitest', 'run']],
  [
    'the media tests again on S3 (s3rver)',
    'npx',
    ['vitest', 'run', ...ON_BOTH_STORES],
    { TEST_STORAGE: 's3' },
  ],
  ['load and fault tests', 'npx', ['vitest', 'run'], { LOAD_TESTS: '1' }],
  ['browser tests', 'npx', ['playwright', 'test']],
  // What the browser tests uploaded, replaced and deleted left no orphan file and no missing one.
  [
    'storage check after the browser tests',
    'npx',
    ['tsx', 'scripts/storage-check.ts'],
    { DATA_DIR: 'test-results/e2e-data', UPLOADS_DIR: 'test-results/e2e-data/uploads' },
  ],
  [
    'browser tests of uploads and downloads on S3 (s3rver)',
    'npx',
    ['playwright', 'test', ...BROWSER_ON_S3],
    E2E_S3,
  ],
];

ensureSystemPackages();
const results = [];
for (const [name, cmd, args, env = {}] of steps) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  if (name === 'browser tests') rmSync('test-results/e2e-data', { recursive: true, force: true });
  if (env.E2E_STORAGE) {
    rmSync(env.E2E_DATA_DIR, { recursive: true, force: true });
    rmSync(`${env.E2E_DATA_DIR}-s3`, { recursive: true, force: true });
  }
  const started = Date.now();
  const run = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push([name, run.status === 0, seconds]);
  if (run.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds} s`);
    break;
  }
}
console.log('\nSummary');
for (const [name, ok, s] of results) console.log(`  ${ok ? '✔' : '✖'} ${name} (${s} s)`);
const failed = results.filter(([, ok]) => !ok).length;
process.exit(failed === 0 && results.length === steps.length ? 0 : 1);
