import { it } from 'vitest';
import sharp from 'sharp';
import { readPhoto, rotateAndCrop } from '../../fixtures/composition/known-truth';
import { loadPlanes } from '~/lib/server/analysis/pixels';
import { findHorizon, horizonEndpoints } from '~/lib/server/analysis/horizon';
it('exp', { timeout: 300000 }, async () => {
  for (const [f, d] of [['storm.jpg', 0], ['storm.jpg', 3], ['evening-glow.jpg', 0], ['evening-glow.jpg', -4]] as const) {
    const p = d ? await rotateAndCrop(await readPhoto(f), d) : await readPhoto(f);
    const pl = await loadPlanes(p);
    const line = findHorizon(pl)!;
    console.log(f, d, JSON.stringify(line));
    const e = horizonEndpoints(line, pl.width, pl.height);
    const W = 600, H = Math.round(600 * pl.height / pl.width);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><line x1="0" y1="${e.y1 * H}" x2="${W}" y2="${e.y2 * H}" stroke="red" stroke-width="1"/></svg>`;
    await sharp(p).resize(W, H).composite([{ input: Buffer.from(svg) }]).png().toFile(`/tmp/exp/${f}-${d}.png`);
  }
});
