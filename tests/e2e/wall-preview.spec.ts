// "View on a wall" in the print dialog: the chosen size and frame drawn to scale above a 200 cm sofa.
// Opened from the keyboard, its text alternative follows the size and the frame, the print is drawn
// at its size in cm, nothing else in the dialog moves while the wall opens, loads and closes, it
// fits a 390 px phone, and axe finds nothing serious.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { FLOOR_CM, inchesToCm, ROOM_CM, WALL_CM } from '~/lib/shop/wall-scale';
import { seriousViolations } from './axe';
import { misfits } from './page-fit';

/** The drawing's height in cm: its px per cm is its height on screen / this. */
const DRAWN_HEIGHT_CM = WALL_CM + FLOOR_CM;

async function openPrintDialog(page: Page): Promise<Locator> {
  await page.goto('/shop');
  await page.getByPlaceholder('Search photos...').fill('lough tay');
  await expect(page.getByText('1 photo found')).toBeVisible();
  await page.getByRole('button', { name: /Customise print: Lough Tay/ }).click();
  const dialog = page.getByRole('dialog', { name: /Lough Tay/ });
  await expect(dialog.getByRole('radio', { name: /Large/ })).toBeVisible();
  return dialog;
}

/** Where the dialog's controls are, to compare before and after. */
function controlBoxes(dialog: Locator) {
  const controls = [
    dialog.getByRole('radio', { name: /Small/ }),
    dialog.getByRole('radio', { name: /Large/ }),
    dialog.getByRole('radio', { name: 'Gloss' }),
    dialog.getByRole('radio', { name: /Framed/ }),
    dialog.getByRole('button', { name: 'Increase quantity' }),
    dialog.getByText('Total', { exact: true }),
    dialog.getByRole('button', { name: 'Add to Cart' }),
    dialog.getByRole('button', { name: 'View on a wall' }),
  ];
  return Promise.all(controls.map((c) => c.boundingBox()));
}

test('View on a wall shows the chosen size and frame to scale, and nothing else in the dialog moves', async ({
  page,
}) => {
  const dialog = await openPrintDialog(page);
  const toggle = dialog.getByRole('button', { name: 'View on a wall' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const wall = dialog.getByRole('img', { name: /above a 200 cm sofa$/ });
  await expect(wall).toHaveCount(0);
  const before = await controlBoxes(dialog);

  // The wall's code arrives late: the controls keep their place while it loads, too.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/WallPreview*.js', async (route) => {
    await held;
    await route.continue();
  });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(await controlBoxes(dialog)).toEqual(before);
  release();

  await expect(wall).toHaveAccessibleName('8 × 12 in (20 × 30 cm) above a 200 cm sofa');
  expect(await controlBoxes(dialog)).toEqual(before);
  // The photo itself, cropped to the print's shape: Lough Tay is a landscape, so 12 in across.
  const photo = wall.locator('image');
  await expect(photo).toHaveAttribute('preserveAspectRatio', 'xMidYMid slice');
  const cmPerPx = async () => DRAWN_HEIGHT_CM / ((await wall.boundingBox())?.height ?? 1);
  const drawnCm = async () => ((await photo.boundingBox())?.width ?? 0) * (await cmPerPx());
  expect(await drawnCm()).toBeCloseTo(inchesToCm(12), 0);

  await dialog.getByRole('radio', { name: /Large/ }).check();
  await expect(wall).toHaveAccessibleName('16 × 20 in (41 × 51 cm) above a 200 cm sofa');
  expect(await drawnCm()).toBeCloseTo(inchesToCm(20), 0);
  await dialog.getByRole('radio', { name: /Framed/ }).check();
  await expect(wall).toHaveAccessibleName(
    '16 × 20 in (41 × 51 cm), framed 22 × 26 in (56 × 66 cm), above a 200 cm sofa',
  );
  await dialog.getByRole('radio', { name: /Medium/ }).check();
  await expect(wall).toHaveAccessibleName(
    '12 × 16 in (30 × 41 cm), framed 18 × 22 in (46 × 56 cm), above a 200 cm sofa',
  );
  expect(await controlBoxes(dialog)).toEqual(before);
  expect(await seriousViolations(page)).toEqual([]);

  // Closed again: the photo is back, and still nothing moved.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(wall).toBeHidden();
  expect(await controlBoxes(dialog)).toEqual(before);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the wall fits the screen, with the whole drawing in view', async ({ page }) => {
    const dialog = await openPrintDialog(page);
    await dialog.getByRole('radio', { name: /Large/ }).check();
    await dialog.getByRole('radio', { name: /Framed/ }).check();
    await dialog.getByRole('button', { name: 'View on a wall' }).click();
    const wall = dialog.getByRole('img', { name: /above a 200 cm sofa$/ });
    await expect(wall).toHaveAccessibleName(
      '16 × 20 in (41 × 51 cm), framed 22 × 26 in (56 × 66 cm), above a 200 cm sofa',
    );
    await wall.scrollIntoViewIfNeeded();
    const box = await wall.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    // The room drawn is fitted to the box by its height: all of its width shows on the phone too.
    expect((box?.width ?? 0) / (box?.height ?? 1)).toBeGreaterThanOrEqual(ROOM_CM / DRAWN_HEIGHT_CM);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await misfits(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
