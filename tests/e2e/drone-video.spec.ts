// The featured drone video plays, on the home page and on the drone page: the <video> loads the
// video from the video's own address (an MP4, with byte ranges) and shows its poster frame from the
// poster's own address until it plays. The seed's featured clip is a 3 s H.264 MP4, which Debian's
// chromium plays.
import { expect, test } from '@playwright/test';

/** The seeded featured clip (server/seed/demo.ts); the other tests feature it again when done. */
const FEATURED = 'Over Lough Tay at dusk';

for (const path of ['/', '/drone-services']) {
  test(`the featured drone video on ${path} plays, with its poster shown before`, async ({ page }) => {
    await page.goto(path);
    const figure = page.locator('figure').filter({ hasText: FEATURED });
    await expect(figure.getByText('Featured', { exact: true })).toBeVisible();
    const video = figure.getByLabel(FEATURED);

    // The poster is a JPEG at its own address, not the video's.
    const poster = (await video.getAttribute('poster')) ?? '';
    const src = (await video.getAttribute('src')) ?? '';
    expect(poster).toMatch(/^\/media\/[A-Za-z0-9_-]+\/\d+\.jpg$/);
    expect(poster).not.toBe(src);
    const posterAnswer = await page.request.get(poster);
    expect(posterAnswer.headers()['content-type']).toBe('image/jpeg');

    // Played as a visitor does from the keyboard (Space on the focused player); one second of it
    // must play. (Chromium's own play button is in the player's user-agent shadow tree, which tests
    // cannot reach.)
    const videoAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === src);
    await video.focus();
    await page.keyboard.press('Space');
    expect((await videoAnswer).headers()['content-type']).toBe('video/mp4');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => (v.error ? -1 : v.currentTime)), {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.error?.code ?? null)).toBeNull();
  });
}
