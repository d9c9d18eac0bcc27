// A link's card in the owner's Galleries tab: the day the link really stops working (its gallery's
// last day when the link has none of its own), a recipient's long note wrapping between words and
// not in the middle of one, "Email link again" saying first that the old address stops working,
// and the gallery's release saying whom it mails. Looked at on a phone (390 px) and a desktop.
import { expect, test } from '@playwright/test';
import { startOfIrishDay } from '~/lib/platform/shared/irish-dates';
import { withSiteDb } from '../helpers/db';
import {
  makeFavourite,
  makeGallery,
  makeGalleryFile,
  makeGalleryLink,
  removeGallery,
} from '../helpers/gallery-factories';
import { expectFits } from './page-fit';
import { signInTo } from './sign-in';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
const RUN = Date.now().toString(36);
const TITLE = `Lough Dan proofs ${RUN}`;
const NOTE =
  'Could you take out the chimney on the left and warm the light a little, it looked more golden on the day than here';

let galleryId = '';

test.beforeAll(() => {
  withSiteDb(DATA_DIR, (db) => {
    const g = makeGallery(db, {
      title: TITLE,
      downloads: 'none',
      watermark: true,
      // The gallery's last day is 31 December 2026: it closes at the midnight after.
      expiresAt: startOfIrishDay('2027-01-01'),
    });
    const f = makeGalleryFile(db, g.id, { fileName: 'DJI_0042_lough_dan_from_the_old_bridge.JPG' });
    const { link } = makeGalleryLink(db, g.id, {
      recipientName: `Síle ${RUN}`,
      recipientEmail: 'sile@example.ie',
    });
    makeFavourite(db, link.id, f.id, NOTE);
    galleryId = g.id;
  });
});

// Its file is a row without stored media (only the card is looked at): it goes before the
// storage check runs.
test.afterAll(() => removeGallery(DATA_DIR, galleryId));

for (const width of [390, 1280]) {
  test(`a link card at ${width} px: its real last day, a long note wrapped between words`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInTo(page, '/admin?tab=galleries');
    await page.getByRole('button', { name: TITLE }).click();
    const card = page.getByRole('list', { name: 'Links' }).getByRole('listitem').first();
    await expect(card).toContainText('Last day31 Dec 2026 (the gallery’s)');
    await card.getByRole('button', { name: `Selection of Síle ${RUN}` }).click();
    const note = card.getByText(NOTE, { exact: false });
    await expect(note).toBeVisible();
    // Every line of the note ends between words: no word is cut in two.
    const lines = await note.evaluate((el) => {
      const range = document.createRange();
      const tops = new Map<number, string>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (let i = 0; i < node.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          tops.set(top, (tops.get(top) ?? '') + (node.data[i] ?? ''));
        }
      }
      return [...tops.values()];
    });
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(0, -1)) expect(line, `"${line}" ends inside a word`).toMatch(/[\s,—-]$/);
    await expect(card.getByRole('button', { name: `Email link again to Síle ${RUN}` })).toBeVisible();
    await expect(card).toContainText('the link Síle');
    await expectFits(page, 'a link card');
    await card.screenshot({ path: `test-results/gallery-link-card-${width}.png` });
    await page.screenshot({ path: `test-results/gallery-view-${width}.png`, fullPage: true });
  });
}

test('Email link again and Release each say what they do before the owner confirms', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInTo(page, '/admin?tab=galleries');
  await page.getByRole('button', { name: TITLE }).click();
  const card = page.getByRole('list', { name: 'Links' }).getByRole('listitem').first();
  const asked: string[] = [];
  page.on('dialog', (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await card.getByRole('button', { name: `Email link again to Síle ${RUN}` }).click();
  await page.getByRole('button', { name: 'Release the photos' }).click();
  await expect.poll(() => asked.length).toBe(2);
  expect(asked[0]).toContain('stops working at once');
  expect(asked[1]).toContain(
    `(Síle ${RUN}) will be mailed a new link to it; the links they have now stop working`,
  );
  // Dismissed: nothing was sent, nothing released.
  await expect(page.getByRole('button', { name: 'Release the photos' })).toBeVisible();
});
