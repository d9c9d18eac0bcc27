// Signed in, the owner sees the page visitors see: every block of text the owner can edit in place
// keeps its element, id, classes, font and spacing, at a phone's width and a desktop's. Editing
// still works from the keyboard, in the block's own font, and a saved text reaches visitors.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from './page-fit';

/** The public pages: those with editable text are found on them. */
const PAGES = [
  '/',
  '/shop',
  '/drone-services',
  '/composition-analysis',
  '/privacy',
  '/terms',
  '/shipping-returns',
  '/no-such-page-here',
];

interface Look {
  tag: string;
  id: string;
  className: string;
  text: string;
  /** The computed look of the block, then of each element inside it (a paragraph of a text). */
  styles: Record<string, string>[];
}

/**
 * Runs in the page (so it uses nothing from outside): with no `wanted`, the owner's editable blocks,
 * each the element just before its Edit button; with `wanted`, the same blocks on a visitor's
 * page, found by id, or else by element and text. Each with what the eye and the layout take from
 * it; a block that is not found exactly once is a sentence saying so.
 */
function readBlocks(wanted: Look[] | null): (Look | string)[] {
  const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  const look = (el: Element): Look => ({
    tag: el.tagName.toLowerCase(),
    id: el.id,
    className: el.className,
    text: text(el),
    styles: [el, ...el.children].map((e) => {
      const s = getComputedStyle(e);
      return {
        element: e.tagName.toLowerCase(),
        fontSize: s.fontSize,
        fontWeight: s.fontWeight,
        fontFamily: s.fontFamily,
        lineHeight: s.lineHeight,
        letterSpacing: s.letterSpacing,
        color: s.color,
        margin: `${s.marginTop} ${s.marginRight} ${s.marginBottom} ${s.marginLeft}`,
        width: `${Math.round(e.getBoundingClientRect().width)}px`,
      };
    }),
  });
  if (!wanted) {
    // A link's address (the footer's social links) is a setting the owner types, which visitors see
    // as a named link, not as text: it has no visitor twin to compare.
    return [...document.querySelectorAll('button')]
      .filter(
        (b) => /^Edit /.test(text(b)) && !/https:\/\/ address/.test(text(b)) && b.previousElementSibling,
      )
      .map((b) => look(b.previousElementSibling as Element));
  }
  return wanted.map((w) => {
    const found = w.id
      ? [document.getElementById(w.id)].filter((el) => el !== null)
      : [...document.querySelectorAll(w.tag)].filter((el) => text(el) === w.text);
    const el = found[0];
    return found.length === 1 && el ? look(el) : `${found.length} visitor elements match "${w.text}"`;
  });
}

/** Both web fonts loaded and applied: a text sized by its content measures its own font. */
async function fontsLoaded(page: Page) {
  await page.evaluate(async () => {
    await Promise.all([
      document.fonts.load('1em "Inter Variable"'),
      document.fonts.load('1em "Fraunces Variable"'),
    ]);
    await document.fonts.ready;
  });
}

async function ownerBlocks(page: Page): Promise<Look[]> {
  await page.waitForLoadState('networkidle');
  await fontsLoaded(page);
  await expect(page.locator('astro-island[ssr][component-url*="EditableText"]')).toHaveCount(0);
  return (await page.evaluate(readBlocks, null)) as Look[];
}

async function visitorBlocks(page: Page, owner: Look[]) {
  await page.waitForLoadState('networkidle');
  await fontsLoaded(page);
  return page.evaluate(readBlocks, owner);
}

/**
 * The web fonts are used from a browser's second page view on (lib/platform/client/fonts-later.ts): the
 * owner and the visitor both start as browsers that have them, so that the looks compare.
 */
const withFonts = () => localStorage.setItem('wl-fonts', '1');

/**
 * A visitor who has been on the site before, as the owner has (through the sign-in page). The fonts
 * are `font-display: optional`: a page uses them only when they arrive at once, from the cache, so a
 * browser's very first page keeps the system serif for good, even once the files have loaded. A
 * text sized by its content (the drone price, after "from") is then 29 px narrower than the
 * owner's, with no difference in the page.
 */
async function visitorPage(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript(withFonts);
  const page = await context.newPage();
  await page.goto('/privacy');
  await fontsLoaded(page);
  return page;
}

for (const width of [390, 1280]) {
  test(`at ${width} px every editable text looks the same to the owner as to a visitor`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await page.context().addInitScript(withFonts);
    await signIn(page, '/');
    const visitor = await visitorPage(browser, width);
    const withBlocks: string[] = [];
    for (const path of PAGES) {
      await page.goto(path);
      const owner = await ownerBlocks(page);
      if (owner.length === 0) continue;
      withBlocks.push(path);
      if (path === '/') {
        // The half-day price, sized by its text in a row with "from", is edited in place too.
        await expect(page.getByRole('button', { name: 'Edit drone half-day price' })).toBeVisible();
      }
      await visitor.goto(path);
      expect(await visitorBlocks(visitor, owner), path).toEqual(owner);
    }
    expect(withBlocks).toEqual(expect.arrayContaining(['/', '/shop', '/drone-services']));
    await visitor.context().close();
  });
}

test('the keyboard edits a title in its own font: Enter opens, Esc reverts, Enter saves with a toast', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, '/shop');
  await expect(page.locator('astro-island[ssr][component-url*="EditableText"]')).toHaveCount(0);
  const title = page.getByRole('heading', { level: 1 });
  const original = ((await title.textContent()) ?? '').trim();
  const size = await title.evaluate((el) => getComputedStyle(el).fontSize);
  const edit = page.getByRole('button', { name: 'Edit shop title' });

  await edit.focus();
  await page.keyboard.press('Enter');
  const field = page.getByLabel('Edit shop title');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(original);
  // The field is the title's own text, at the title's size, inside the same heading.
  expect(await field.evaluate((el) => getComputedStyle(el).fontSize)).toBe(size);
  await expect(page.getByRole('heading', { level: 1 }).getByLabel('Edit shop title')).toHaveCount(1);
  await page.keyboard.press('End');
  await page.keyboard.type(' and more');
  await page.keyboard.press('Escape');
  await expect(title).toHaveText(original);
  await expect(edit).toBeFocused();

  // Enter saves a single line, and the saved title reaches visitors.
  await page.keyboard.press('Enter');
  await field.fill('Prints of Wicklow');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your changes have been saved successfully.')).toBeVisible();
  await expect(title).toHaveText('Prints of Wicklow');
  await expect(edit).toBeFocused();
  const visitor = await visitorPage(browser, 1280);
  await visitor.goto('/shop');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Prints of Wicklow');
  await visitor.context().close();
  // Put it back for the other tests.
  await edit.click();
  await field.fill(original);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(title).toHaveText(original);
});

test('a multiline text takes new lines, and Cancel leaves it as it was', async ({ page }) => {
  await signIn(page, '/');
  await expect(page.locator('astro-island[ssr][component-url*="EditableText"]')).toHaveCount(0);
  const about = page.locator('#about');
  const before = await about.locator('.space-y-5').innerHTML();
  await about.getByRole('button', { name: 'Edit about text' }).click();
  const field = about.getByLabel('Edit about text');
  await expect(field).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.type('A new paragraph.');
  await expect(field).toHaveValue(/\nA new paragraph\.$/);
  await about.getByRole('button', { name: 'Cancel' }).click();
  await expect(field).toHaveCount(0);
  expect(await about.locator('.space-y-5').innerHTML()).toBe(before);
});
