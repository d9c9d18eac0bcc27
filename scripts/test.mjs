// `npm test`: every check and every test, in the order that fails fastest.
// 1. lint and format (Biome), 2. types (astro check), 3. build, 4. unit and integration tests
// (vitest; integration tests start the built server), 5. the media, upload, gallery and backup
// tests again with their media in S3 (a real S3 API server, s3rver, on loopback), 6. load and
// fault tests (vitest, one file at a time), 7. browser tests (Playwright, Debian chromium), 8. the
// storage check of their data, 9. the browser tests of uploads and a client's download on S3.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { ensureSystemPackages } from './system-packages.mjs';

/** The tests that run on both stores: everything that writes, reads, serves or backs up media. */
const ON_BOTH_STORES = [
  'tests/unit/media/images.test.ts',
  'tests/unit/media/uploads.test.ts',
  'tests/unit/media/stored-files.test.ts',
  'tests/unit/media/video.test.ts',
  'tests/unit/media/og-image.test.ts',
  'tests/unit/media/media-serve.test.ts',
  'tests/unit/media/storage-sweep.test.ts',
  'tests/unit/media/storage-sweep.script.test.ts',
  'tests/unit/profile/profile.test.ts',
  'tests/unit/galleries/galleries-admin.test.ts',
  'tests/unit/galleries/gallery-derivatives-private.test.ts',
  'tests/unit/galleries/gallery-deliveries.test.ts',
  'tests/integration/uploads.test.ts',
  'tests/integration/camera-uploads.test.ts',
  'tests/integration/drone-media.test.ts',
  'tests/integration/backgrounds.test.ts',
  'tests/integration/profile.test.ts',
  'tests/integration/composition-photos.test.ts',
  'tests/integration/admin-photos.test.ts',
  'tests/integration/galleries-client.test.ts',
  'tests/integration/galleries-owner.test.ts',
  'tests/integration/galleries-paging.test.ts',
  'tests/integration/gallery-prints.test.ts',
  'tests/integration/gallery-slow-download.test.ts',
  'tests/integration/gallery-private-derivatives.test.ts',
  'tests/integration/backup.test.ts',
];
/** The browser tests of the admin's photo and video uploads and of a client gallery's download, on S3. */
const BROWSER_ON_S3 = [
  'tests/e2e/admin-photos.spec.ts',
  'tests/e2e/admin-videos.spec.ts',
  'tests/e2e/galleries-client.spec.ts',
  'tests/e2e/galleries-story.spec.ts',
];
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
