import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PhotoCategory as Category } from '~/lib/site/constants';
import { DEMO_DRONE_PHOTOS, DEMO_PHOTOS } from '../server/seed/demo-photos';
import { renderLandscapeJpeg, renderLandscapeSvg } from './landscapes';
import { SCENES } from './scenes';

const CATEGORIES: readonly Category[] = ['coastal', 'mountains', 'countryside', 'aerial', 'other'];

describe('demo landscapes', () => {
  it('has enough photos, in every category, with exactly one hero', () => {
    expect(DEMO_PHOTOS.length).toBeGreaterThanOrEqual(12);
    for (const category of CATEGORIES) {
      expect(DEMO_PHOTOS.filter((p) => p.category === category).length, category).toBeGreaterThanOrEqual(1);
    }
    expect(DEMO_PHOTOS.filter((p) => p.homepageHero)).toHaveLength(1);
    expect(DEMO_DRONE_PHOTOS.some((p) => p.homepageHero)).toBe(false);
    expect(DEMO_DRONE_PHOTOS.length).toBeGreaterThanOrEqual(2);
  });

  it('uses unique kebab-case slugs and print-sized dimensions', () => {
    const all = [...DEMO_PHOTOS, ...DEMO_DRONE_PHOTOS];
    const slugs = all.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const p of all) {
      expect(p.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(Math.max(p.width, p.height), p.slug).toBeGreaterThanOrEqual(4000);
      expect(p.title.length).toBeGreaterThan(0);
      expect(p.description.length).toBeGreaterThan(0);
      expect(p.location.length).toBeGreaterThan(0);
    }
  });

  it('has a scene for every demo photo, and no scene without a photo', () => {
    const slugs = [...DEMO_PHOTOS, ...DEMO_DRONE_PHOTOS].map((p) => p.slug).sort();
    expect(Object.keys(SCENES).sort()).toEqual(slugs);
  });

  it('draws the same SVG every time', () => {
    const photo = DEMO_PHOTOS.find((p) => p.homepageHero) ?? DEMO_PHOTOS[0];
    if (!photo) throw new Error('no demo photos');
    const a = renderLandscapeSvg(photo);
    const b = renderLandscapeSvg(photo);
    expect(a).toBe(b);
    expect(a.startsWith('<svg')).toBe(true);
    expect(a).not.toMatch(/NaN|Infinity|undefined/);
    // Different photos really are different pictures.
    const other = DEMO_PHOTOS.find((p) => p !== photo);
    if (other) expect(renderLandscapeSvg(other)).not.toBe(a);
  });

  it('renders a JPEG at the declared size', async () => {
    // The cheapest picture to draw keeps this test quick.
    const photo = DEMO_PHOTOS.find((p) => p.slug === 'greystones-blue-hour') ?? DEMO_PHOTOS[0];
    if (!photo) throw new Error('no demo photos');
    const jpeg = await renderLandscapeJpeg(photo);
    const meta = await sharp(jpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(photo.width);
    expect(meta.height).toBe(photo.height);
  });
});
