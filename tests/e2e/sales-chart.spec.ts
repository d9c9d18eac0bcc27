// The Dashboard's weekly sales chart keeps its labels apart at a phone's and a desktop's width.
// uPlot draws its axis labels on the canvas, so the test records every fillText the page makes
// (text, alignment point, transform and the browser's own measure of the text's ink) and checks that
// no two label boxes come within 2 px, rotated or not. The sales are large (six-figure euros a week)
// so that the labels are as wide as the owner's would be in a good season.
import { expect, type Page, test } from '@playwright/test';
import { OWNER } from '../../playwright.config';
import { withSiteDb } from '../helpers/db';
import { makeOrder } from '../helpers/factories';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
const WEEK_MS = 7 * 24 * 3600 * 1000;

type Point = [number, number];
interface Label {
  text: string;
  corners: Point[];
}

/** Records the corners of every text on the canvas since it was last cleared, in its pixels. */
function recordCanvasText() {
  // Each canvas keeps the labels of its own last drawing (the dashboard has more than one chart).
  type Drawn = { text: string; corners: [number, number][] }[];
  const labelsOf = (canvas: unknown) => canvas as { drawnLabels?: Drawn };
  const { fillText, clearRect } = CanvasRenderingContext2D.prototype;
  // Each redraw starts by clearing the canvas: only the last drawing's labels are on screen.
  CanvasRenderingContext2D.prototype.clearRect = function (...args) {
    labelsOf(this.canvas).drawnLabels = [];
    return clearRect.apply(this, args);
  };
  CanvasRenderingContext2D.prototype.fillText = function (text, x, y, maxWidth) {
    const m = this.measureText(String(text));
    const t = this.getTransform();
    const box: [number, number][] = [
      [x - m.actualBoundingBoxLeft, y - m.actualBoundingBoxAscent],
      [x + m.actualBoundingBoxRight, y - m.actualBoundingBoxAscent],
      [x + m.actualBoundingBoxRight, y + m.actualBoundingBoxDescent],
      [x - m.actualBoundingBoxLeft, y + m.actualBoundingBoxDescent],
    ];
    const seen = labelsOf(this.canvas);
    seen.drawnLabels ??= [];
    if (String(text).trim() !== '')
      seen.drawnLabels.push({
        text: String(text),
        corners: box.map(([px, py]) => [t.a * px + t.c * py + t.e, t.b * px + t.d * py + t.f]),
      });
    return fillText.call(this, text, x, y, maxWidth);
  };
}

/**
 * Two convex shapes come closer than `clearance` unless some edge's normal separates them by at
 * least that much (the separating axis test).
 */
function tooClose(a: Point[], b: Point[], clearance: number): boolean {
  for (const shape of [a, b]) {
    for (let i = 0; i < shape.length; i++) {
      const [x1, y1] = shape[i] as Point;
      const [x2, y2] = shape[(i + 1) % shape.length] as Point;
      const length = Math.hypot(x2 - x1, y2 - y1) || 1;
      const [nx, ny] = [(y2 - y1) / length, (x1 - x2) / length];
      const project = (s: Point[]) => s.map(([x, y]) => x * nx + y * ny);
      const [pa, pb] = [project(a), project(b)];
      if (Math.max(...pa) + clearance <= Math.min(...pb) || Math.max(...pb) + clearance <= Math.min(...pa))
        return false;
    }
  }
  return true;
}

/** Sets the page's width and waits until uPlot (after its ResizeObserver) has drawn at it. */
async function drawnAt(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  const chart = page.getByRole('img', { name: /^Paid sales per week/ });
  await expect
    .poll(() =>
      chart.evaluate((el) => Math.round(el.querySelector('canvas')?.getBoundingClientRect().width ?? 0)),
    )
    .toBe(await chart.evaluate((el) => Math.round(el.getBoundingClientRect().width)));
}

async function labelsAt(page: Page, width: number): Promise<Label[]> {
  // The chart draws again only when its width changes, and it may have drawn at this width before
  // the labels were cleared (at 1280 px, the page's first width): so it is drawn at a narrower
  // width first, and the labels recorded are those of the one drawing at `width`.
  await drawnAt(page, Math.round(width * 0.8));
  const chart = page.getByRole('img', { name: /^Paid sales per week/ });
  const drawn = () =>
    chart.evaluate(
      (el) => (el.querySelector('canvas') as unknown as { drawnLabels?: Label[] } | null)?.drawnLabels ?? [],
    );
  await chart.evaluate((el) => {
    const canvas = el.querySelector('canvas') as unknown as { drawnLabels?: Label[] } | null;
    if (canvas) canvas.drawnLabels = [];
  });
  await drawnAt(page, width);
  await expect.poll(async () => (await drawn()).length).toBeGreaterThan(4);
  await page.waitForTimeout(100);
  return drawn();
}

test('the sales chart labels never overlap, at 1280 px, at 390 px and between', async ({ page }) => {
  const now = Date.now();
  withSiteDb(DATA_DIR, (db) => {
    for (let week = 0; week < 12; week++) {
      const paidAt = new Date(now - week * WEEK_MS);
      makeOrder(db, {
        payment: 'paid',
        paidAt,
        customerName: `Chart season ${week}`,
        items: [{ priceCents: 12_345_600 + week * 973_100 }],
      });
    }
  });
  await page.addInitScript(recordCanvasText);
  await page.goto(`/api/login?next=${encodeURIComponent('/admin')}`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  // The two widths asked for, and the common phone and tablet widths between and around them.
  const dpr = await page.evaluate(() => devicePixelRatio);
  for (const width of [1280, 390, 1024, 768, 430, 414, 375, 360, 340, 320]) {
    const labels = await labelsAt(page, width);
    // Week labels ("9 Jun") and euro labels ("€12,000") are both there.
    expect(
      labels.filter((l) => /^\d+ \p{L}+/u.test(l.text)).length,
      `week labels at ${width}`,
    ).toBeGreaterThan(1);
    expect(labels.filter((l) => l.text.startsWith('€')).length, `euro labels at ${width}`).toBeGreaterThan(1);
    const overlaps: string[] = [];
    for (let i = 0; i < labels.length; i++)
      for (let j = i + 1; j < labels.length; j++) {
        const [a, b] = [labels[i] as Label, labels[j] as Label];
        // Labels that touch read as one: at least 2 CSS px between any two.
        if (tooClose(a.corners, b.corners, 2 * dpr)) overlaps.push(`"${a.text}" and "${b.text}"`);
      }
    expect(overlaps, `labels that overlap at ${width} px`).toEqual([]);
  }
});
