// axe-core on the current page: the list of serious or critical violations, readable in a failure.
import AxeBuilder from '@axe-core/playwright';
import { type Page, test } from '@playwright/test';

/**
 * axe reads the whole page in the browser: a few seconds alone, but well over ten on a slow
 * two-core machine running two browser runs at once. Each analysis adds that much to the test's
 * limit, so a test's limit covers its own steps and not a guess at how many pages axe reads.
 */
const AXE_ALLOWANCE_MS = 30_000;

export async function seriousViolations(page: Page) {
  test.setTimeout(test.info().timeout + AXE_ALLOWANCE_MS);
  // A toast fading in has its text at part opacity, which axe reads as too little contrast: the
  // page is checked once its animations and transitions that end have ended.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
