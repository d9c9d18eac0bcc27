// The empty states, on a second server with no demo content (SEED_DEMO=0).
import { expect, test } from '@playwright/test';
import { type RunningServer, startServer } from '../helpers/server';
import { seriousViolations } from './axe';

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '0' });
});
test.afterAll(async () => {
  await server?.stop();
});

test('an empty site says so: no photos, no profile photo, drone placeholders', async ({ page }) => {
  await page.goto(`${server.url}/`);
  await expect(page.locator('#gallery').getByText('No photos available')).toBeVisible();
  await expect(page.locator('#about').getByText('No profile photo set')).toBeVisible();
  await expect(page.locator('#drone').getByRole('link', { name: /sample work/i })).toHaveAttribute(
    'href',
    '/drone-services',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`${server.url}/drone-services`);
  await expect(page.getByText('Sample photo coming soon')).toHaveCount(2);
  await expect(page.getByText('Sample videos coming soon')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
