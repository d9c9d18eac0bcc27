// "View on a wall", in the print dialog and on the print page: the print of the chosen size and
// frame hung to scale in three rooms drawn in cm (240 cm of wall across the view). The drawn
// print's share of the view's width is its width in cm / 240, in every room; another size changes
// it in the ratio of the sizes. The rooms load only when the view opens, the controls around it
// stay put while it loads and while rooms and sizes are chosen, it fits a 390 px phone, and axe
// finds nothing serious.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { inchesToCm, VIEW_CM } from '~/lib/shop/wall-scale';
import { seriousViolations } from './axe';
import { misfits } from './page-fit';

const ROOMS = ['Living room', 'Bedroom', 'Office'] as const;
const TITLE = 'Lough Tay at First Light';

async function openPrintDialog(page: Page): Promise<Locator> {
  await page.goto('/shop');
  await page.getByPlaceholder('Search photos...').fill('lough tay');
  await expect(page.getByText('1 photo found')).toBeVisible();
  await page.getByRole('button', { name: `Customise print: ${TITLE}` }).click();
  const dialog = page.getByRole('dialog', { name: TITLE });
  await expect(dialog.getByRole('radio', { name: /Large/ })).toBeVisible();
  return dialog;
}

const widthOf = async (locator: Locator) => (await locator.boundingBox())?.width ?? 0;

/** The drawn print's width as a share of the room's, and what that share is in cm of the 240 cm wall. */
async function drawnCm(scope: Locator): Promise<number> {
  const print = scope.getByRole('img', { name: /^The print, / });
  const room = scope.getByRole('img', { name: /^Illustration of an? / });
  await expect(room).toBeVisible();
  return ((await widthOf(print)) / (await widthOf(room))) * VIEW_CM.width;
}

/** Each room in turn: chosen, drawn, and the print the same true size in each. */
async function everyRoom(scope: Locator, inches: number) {
  for (const name of ROOMS) {
    const button = scope.getByRole('button', { name });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(
      scope.getByRole('img', { name: `Illustration of a ${name.toLowerCase()}, drawn to scale` }),
    ).toBeVisible();
    await expect(scope.getByText(`To scale, in an illustrated ${name.toLowerCase()}:`)).toBeVisible();
    expect(await drawnCm(scope)).toBeCloseTo(inchesToCm(inches), 0);
  }
}

test('in the print dialog: the print hangs to scale in each room, and follows the size and the frame', async ({
  page,
}) => {
  test.slow(); // three rooms in four states, and axe
  const dialog = await openPrintDialog(page);
  const toggle = dialog.getByRole('button', { name: 'View on a wall' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(dialog.getByRole('button', { name: 'Bedroom' })).toHaveCount(0);

  // The rooms' code arrives late: the controls below keep their place while it loads, too.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/RoomDrawing*.js', async (route) => {
    await held;
    await route.continue();
  });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const controls = [
    dialog.getByRole('radio', { name: /Small/ }),
    dialog.getByRole('radio', { name: /Framed/ }),
    dialog.getByRole('button', { name: 'Add to Cart' }),
    toggle,
  ];
  const boxes = () => Promise.all(controls.map((c) => c.boundingBox()));
  await expect(dialog.getByRole('img', { name: /^The print, / })).toBeVisible();
  const loading = await boxes();
  release();

  // Lough Tay is a landscape: a small print is 12 in across.
  await expect(
    dialog.getByText(
      /To scale, in an illustrated living room: 8 × 12 in \(20 × 30 cm\) above a 200 cm sofa on a wall 2\.4 m wide\./,
    ),
  ).toBeVisible();
  await everyRoom(dialog, 12);
  const small = await drawnCm(dialog);

  await dialog.getByRole('radio', { name: /Large/ }).check();
  await expect(dialog.getByText(/16 × 20 in \(41 × 51 cm\) centred 145 cm above the floor/)).toBeVisible();
  await everyRoom(dialog, 20);
  expect((await drawnCm(dialog)) / small).toBeCloseTo(20 / 12, 1);

  // Framed: the photo keeps its size, the frame goes round it, the caption says the frame's size.
  await dialog.getByRole('radio', { name: /Framed/ }).check();
  await expect(dialog.getByRole('img', { name: 'The print, 16 × 20 in (41 × 51 cm), framed' })).toBeVisible();
  await expect(dialog.getByText(/framed 22 × 26 in \(56 × 66 cm\)/)).toBeVisible();
  await everyRoom(dialog, 20);
  await dialog.getByRole('radio', { name: /Medium/ }).check();
  await everyRoom(dialog, 16);
  expect(await boxes()).toEqual(loading);
  expect(await seriousViolations(page)).toEqual([]);

  // Closed again: the photo is back.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(dialog.getByRole('img', { name: /^The print, / })).toHaveCount(0);
});

test('on the print page: the wall loads when opened, then follows the size and the frame chosen', async ({
  page,
}) => {
  test.slow(); // three rooms in two states, and axe
  const late: string[] = [];
  page.on('request', (r) => {
    if (/RoomDrawing|wall-view-mount|WallView/.test(r.url())) late.push(r.url());
  });
  await page.goto('/prints/lough-tay-at-first-light');
  await page.locator('html[data-enhanced]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  expect(late, 'nothing of the wall view loads with the page').toEqual([]);

  const toggle = page.getByRole('button', { name: 'View on a wall' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const wall = page.locator('#wall-view');
  await expect(page.getByRole('img', { name: new RegExp(`^${TITLE}`) })).toBeHidden();
  await expect(wall.getByText(/8 × 12 in \(20 × 30 cm\) above a 200 cm sofa/)).toBeVisible();
  await everyRoom(wall, 12);
  const small = await drawnCm(wall);

  const options = page.getByRole('form', { name: `Print options: ${TITLE}` });
  await options.locator('label').filter({ hasText: 'Large' }).getByRole('radio').check();
  await expect(wall.getByRole('img', { name: 'The print, 16 × 20 in (41 × 51 cm)' })).toBeVisible();
  await everyRoom(wall, 20);
  expect((await drawnCm(wall)) / small).toBeCloseTo(20 / 12, 1);
  await options.getByRole('radio', { name: /Framed/ }).check();
  await expect(wall.getByRole('img', { name: 'The print, 16 × 20 in (41 × 51 cm), framed' })).toBeVisible();
  await expect(wall.getByText(/framed 22 × 26 in \(56 × 66 cm\)/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await toggle.click();
  await expect(page.getByRole('img', { name: new RegExp(`^${TITLE}`) })).toBeVisible();
  await expect(wall).toBeHidden();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  async function fits(page: Page, scope: Locator) {
    const room = scope.getByRole('img', { name: /^Illustration of/ });
    await room.scrollIntoViewIfNeeded();
    const box = await room.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    for (const name of ROOMS) {
      const button = await scope.getByRole('button', { name }).boundingBox();
      expect(button?.height).toBeGreaterThanOrEqual(44);
      expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await misfits(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  }

  test('the wall fits the screen in the dialog and on the print page', async ({ page }) => {
    test.slow(); // two pages, and axe on each
    const dialog = await openPrintDialog(page);
    await dialog.getByRole('radio', { name: /Large/ }).check();
    await dialog.getByRole('radio', { name: /Framed/ }).check();
    await dialog.getByRole('button', { name: 'View on a wall' }).click();
    await expect(dialog.getByText(/framed 22 × 26 in \(56 × 66 cm\), above a 200 cm sofa/)).toBeVisible();
    await fits(page, dialog);

    await page.goto('/prints/lough-tay-at-first-light');
    await page.getByRole('button', { name: 'View on a wall' }).click();
    const wall = page.locator('#wall-view');
    await wall.getByRole('button', { name: 'Bedroom' }).click();
    await expect(wall.getByText(/above a 160 cm bed/)).toBeVisible();
    await fits(page, wall);
  });
});
