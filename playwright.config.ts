// Browser tests in Debian's chromium (never `npx playwright install`: no browser downloads here).
// The server is the built front (npm run build) on a freshly seeded temporary data directory.
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4399);
const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';

export const OWNER = { email: 'owner@example.com', password: 'e2e-owner-password' };

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'node dist/server/entry.mjs',
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
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
    },
  },
});
