// The demo pictures are drawn only when the cache folder does not have them yet.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDemoJpeg } from './demo-images';
import { DEMO_PHOTOS } from './demo-photos';

const cache = mkdtempSync(join(tmpdir(), 'wicklow-demo-cache-'));
const before = process.env.DEMO_CACHE_DIR;
afterAll(() => {
  if (before === undefined) delete process.env.DEMO_CACHE_DIR;
  else process.env.DEMO_CACHE_DIR = before;
  rmSync(cache, { recursive: true, force: true });
});

describe('demo picture cache', () => {
  it('draws a missing picture once, keeps it, and serves the kept file after that', async () => {
    process.env.DEMO_CACHE_DIR = cache;
    // The cheapest picture to draw keeps this test quick.
    const photo = DEMO_PHOTOS.find((p) => p.slug === 'greystones-blue-hour');
    if (!photo) throw new Error('no greystones-blue-hour demo photo');
    const drawn = await loadDemoJpeg(photo);
    expect([...drawn.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const files = readdirSync(cache);
    expect(files).toEqual([expect.stringMatching(/^greystones-blue-hour-[0-9a-f]{16}\.jpg$/)]);
    // A kept picture is returned as it is, without drawing again.
    writeFileSync(join(cache, files[0] as string), 'kept');
    expect((await loadDemoJpeg(photo)).toString()).toBe('kept');
  });
});
