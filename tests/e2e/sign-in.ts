// Signs the owner in through the real sign-in page and waits for the dashboard's island to hydrate.
import { expect, type Page } from '@playwright/test';
import { OWNER } from '../../playwright.config';

export async function signInTo(page: Page, path: string) {
  await page.goto(`/api/login?next=${encodeURIComponent(path)}`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  // The island has hydrated once Astro has taken its server-rendered marker away.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}
