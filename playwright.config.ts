// Browser tests in Debian's chromium (never `npx playwright install`: no browser downloads here).
// The server is the built front (npm run build) on a freshly seeded temporary data directory.
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4399);
const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';

export const OWNER = { email: 'owner@example.com', password: 'e2e-owner-password' };

/**
 * E2E_STORAGE=s3: the site keeps its media in a bucket on s3rver (a real S3 API server on
 * loopback, started as a second web server), and the tests' own factories write to the same one.
 */
const ON_S3 = process.env.E2E_STORAGE === 's3';
const S3_PORT = Number(process.env.E2E_S3_PORT ?? PORT + 1);
const S3_ENDPOINT = `http://127.0.0.1:${S3_PORT}`;
const S3_BUCKET = 'wicklow-e2e';
const S3_ENV = {
  STORAGE: 's3',
  S3_ENDPOINT,
  S3_REGION: 'us-east-1',
  S3_BUCKET,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: '1',
  MEDIA_PUBLIC_URL: `${S3_ENDPOINT}/${S3_BUCKET}`,
};
// Read by tests/helpers/test-storage.ts in the test workers, which inherit this process's environment.
if (ON_S3) Object.assign(process.env, { TEST_S3_ENDPOINT: S3_ENDPOINT, TEST_S3_BUCKET: S3_BUCKET });

/**
 * On S3, a site folder that already holds the demo data (`npm test` copies it in, its AVIF ladders
 * made) has its media copied into the bucket first, as an owner moving a site to S3 does with
 * `npm run storage:move`, instead of drawing and encoding the demo photos again. The config is
 * read again in each test worker, once the site has started; only the runner's reading starts it.
 */
const movedToBucket = ON_S3 && existsSync(`${DATA_DIR}/site.sqlite`);
const site = {
  command: movedToBucket
    ? 'STORAGE=local npx tsx scripts/storage-move.ts --to s3 && node dist/server/entry.mjs'
    : 'node dist/server/entry.mjs',
  url: `http://127.0.0.1:${PORT}/healthz`,
  reuseExistingServer: false,
  timeout: 240_000,
  stdout: 'pipe' as const,
  env: {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR,
    // Its media beside its database: the storage check after the run reads both from one folder.
    UPLOADS_DIR: `${DATA_DIR}/uploads`,
    SITE_URL: `http://127.0.0.1:${PORT}`,
    OWNER_EMAIL: OWNER.email,
    OWNER_PASSWORD: OWNER.password,
    SEED_DEMO: '1',
    SOCIAL_PROFILE_URL: 'https://www.instagram.com/wicklowlight.example/',
    // Errors and warnings only: one line per request would bury Playwright's own report.
    LOG_LEVEL: 'warn',
    ...(ON_S3 ? S3_ENV : {}),
  },
};
const s3rver = {
  command: `node --openssl-legacy-provider tests/helpers/s3rver-process.mjs ${DATA_DIR}-s3 ${S3_BUCKET} ${S3_PORT}`,
  url: `${S3_ENDPOINT}/`,
  reuseExistingServer: false,
  // How long s3rver may take to start: a few seconds alone, more beside the rest of `npm test`.
  timeout: 60_000,
};

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // A test that takes 15 s alone took over 30 s with the two halves of the run, two sites and two
  // browsers, sharing two slow cores: the limit is there to stop a test that hangs, not to time it.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  // One retry, which records a trace: recording one for every test (to keep those that fail) took
  // a sixth of the browser tests' time. The report names every test that passed only on its retry.
  retries: 1,
  reporter: [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'on-first-retry',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: '**/*.phone.spec.ts',
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], channel: undefined },
      testMatch: '**/*.phone.spec.ts',
    },
  ],
  // s3rver first: the site checks nothing at start, but its seed writes the demo photos to the bucket.
  webServer: ON_S3 ? [s3rver, site] : site,
});
