// For the browser tests of resumable uploads: the first PATCH of a tus upload is cut off as a lost
// connection would cut it, so the uploader must ask where it stopped (HEAD) and resume. Answers the
// methods seen, in order, and whether the cut happened, for the test to check.
import type { Page } from '@playwright/test';

export async function cutFirstPatch(page: Page): Promise<{ seen: string[]; wasCut: () => boolean }> {
  const seen: string[] = [];
  let cut = false;
  await page.route('**/uploads/*', async (route) => {
    const method = route.request().method();
    seen.push(method);
    if (method === 'PATCH' && !cut) {
      cut = true;
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  return { seen, wasCut: () => cut };
}
