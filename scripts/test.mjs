// `npm test`: every check and every test, in the order that fails fastest.
// 1. lint and format (Biome), 2. types (astro check), 3. build, 4. unit and integration tests
// (vitest; integration tests start the built server), 5. load and fault tests (vitest, one file at a
// time), 6. browser tests (Playwright, Debian chromium), 7. the storage check of their data.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { ensureSystemPackages } from './system-packages.mjs';

const steps = [
  ['lint', 'npx', ['biome', 'check', '.']],
  ['types', 'npx', ['astro', 'check', '--minimumSeverity', 'warning']],
  ['build', 'npm', ['run', 'build']],
  ['unit and integration tests', 'npx', ['vitest', 'run']],
  ['load and fault tests', 'npx', ['vitest', 'run'], { LOAD_TESTS: '1' }],
  ['browser tests', 'npx', ['playwright', 'test']],
  // What the browser tests uploaded, replaced and deleted left no orphan file and no missing one.
  [
    'storage check after the browser tests',
    'npx',
    ['tsx', 'scripts/storage-check.ts'],
    { DATA_DIR: 'test-results/e2e-data', UPLOADS_DIR: 'test-results/e2e-data/uploads' },
  ],
];

ensureSystemPackages();
const results = [];
for (const [name, cmd, args, env = {}] of steps) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  if (name === 'browser tests') rmSync('test-results/e2e-data', { recursive: true, force: true });
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
