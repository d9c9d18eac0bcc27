// Swiping in the full-screen viewer on a touch phone: left shows the next photo, right the previous,
// wrapping as the arrow keys do; a tap-sized move, an up-and-down move and a swipe in the zoom
// viewer change nothing. The touches are real touch input sent through Chromium's DevTools
// protocol, so the page sees the same touch and pointer events a finger makes.
import { type CDPSession, expect, type Page, test } from '@playwright/test';

async function touchMove(page: Page, cdp: CDPSession, from: [number, number], to: [number, number]) {
  const point = (x: number, y: number) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(...from) });
  const steps = 8;
  for (let i = 1; i <= steps; i++) {
    const x = from[0] + ((to[0] - from[0]) * i) / steps;
    const y = from[1] + ((to[1] - from[1]) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x, y) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForTimeout(150);
}

test('a swipe moves the full-screen viewer to the next or previous photo, wrapping', async ({ page }) => {
  await page.goto('/');
  const cards = page.locator('#gallery').getByRole('button', { name: /full screen$/ });
  const count = await cards.count();
  expect(count).toBeGreaterThan(2);
  await cards.first().click();
  const viewer = page.getByRole('dialog');
  const counter = viewer.getByText(new RegExp(`^\\d+ of ${count}$`));
  await expect(counter).toHaveText(`1 of ${count}`);

  const cdp = await page.context().newCDPSession(page);
  const box = await viewer.getByRole('img').boundingBox();
  if (!box) throw new Error('the viewer shows no photo');
  const y = box.y + box.height / 2;
  const [left, right] = [box.x + box.width * 0.15, box.x + box.width * 0.85];

  await touchMove(page, cdp, [right, y], [left, y]);
  await expect(counter).toHaveText(`2 of ${count}`);
  await touchMove(page, cdp, [left, y], [right, y]);
  await expect(counter).toHaveText(`1 of ${count}`);
  // From the first photo, a swipe to the right wraps to the last, and one to the left back again.
  await touchMove(page, cdp, [left, y], [right, y]);
  await expect(counter).toHaveText(`${count} of ${count}`);
  await touchMove(page, cdp, [right, y], [left, y]);
  await expect(counter).toHaveText(`1 of ${count}`);

  // A small wobble, and a move more up and down than sideways, are no swipe.
  await touchMove(page, cdp, [right, y], [right - 20, y + 3]);
  await touchMove(page, cdp, [right, y - 120], [right - 60, y + 120]);
  await expect(counter).toHaveText(`1 of ${count}`);

  // In the zoom viewer a sideways move pans the photo; the full-screen viewer stays where it was.
  await viewer.getByRole('button', { name: 'Zoom' }).click();
  const zoom = page.getByRole('dialog', { name: /^Zoom:/ });
  await expect(zoom).toBeVisible();
  await touchMove(page, cdp, [right, y], [left, y]);
  await zoom.getByRole('button', { name: 'Close zoom' }).click();
  await expect(zoom).toBeHidden();
  await expect(counter).toHaveText(`1 of ${count}`);
});
