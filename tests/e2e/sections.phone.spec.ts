// The home page's sections below the first screen are rendered only when they come near it, and
// until then each holds a space of about its usual height.
// - A link to a section still lands on it, and scrolling up from there moves the page by what was
//   scrolled. (Chromium keeps the view steady by scroll anchoring whatever the guesses are.)
// - The space each section holds stays within 20% of its real height on the demo content, on a
//   phone, a tablet and a laptop: in a browser without scroll anchoring, that is what keeps the page
//   from moving for a visitor who arrives part-way down and scrolls up. A change of layout that
//   makes a section much taller or shorter fails here until the guesses in home.css follow it.
import { expect, test } from '@playwright/test';

const SECTIONS = '#about, #gallery, #drone, #contact';

test('a link to #contact lands on the contact form, and scrolling up moves the page evenly', async ({
  page,
}) => {
  // Instant scrolling (the site scrolls smoothly otherwise), so that each step can be read at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/#contact');
  const heading = page.locator('#contact').getByRole('heading', { level: 2 });
  await expect(heading).toBeInViewport();
  await expect(page.locator('#contact').getByLabel('First name')).toBeVisible();
  for (let i = 0; i < 3; i++) {
    const before = (await heading.boundingBox())?.y ?? Number.NaN;
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => (await heading.boundingBox())?.y).not.toBe(before);
    const after = (await heading.boundingBox())?.y ?? Number.NaN;
    expect(Math.abs(after - before - 300), `scroll step ${i + 1}`).toBeLessThanOrEqual(40);
  }
});

for (const width of [390, 768, 1280]) {
  test(`at ${width} px each section holds a space within 20% of its real height before it is rendered`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const sections = await page.evaluate((selector) => {
      const all = [...document.querySelectorAll<HTMLElement>(selector)];
      const held = all.map((s) => {
        const style = getComputedStyle(s);
        const space = Number.parseFloat(style.containIntrinsicBlockSize.replace('auto', ''));
        return space + Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
      });
      for (const s of all) s.style.contentVisibility = 'visible';
      return all.map((s, i) => ({
        name: s.id || s.tagName.toLowerCase(),
        held: held[i] ?? 0,
        real: s.getBoundingClientRect().height,
      }));
    }, SECTIONS);
    expect(sections.map((s) => s.name)).toEqual(['about', 'gallery', 'drone', 'contact']);
    for (const s of sections) {
      expect(
        Math.abs(s.held / s.real - 1),
        `${s.name}: holds ${s.held} px, is ${s.real} px`,
      ).toBeLessThanOrEqual(0.2);
    }
  });
}
