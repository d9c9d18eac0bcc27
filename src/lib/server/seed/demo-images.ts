// The drawn demo landscapes are deterministic, so their rendered JPEGs are kept in a cache
// folder outside the data directory: a second fresh install (or a test run) skips the drawing.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type DemoPhoto, renderLandscapeJpeg, renderLandscapeSvg } from '../demo/landscapes';

function cacheDir(): string {
  const dir = resolve(process.env.DEMO_CACHE_DIR || 'node_modules/.cache/wicklow-demo');
  mkdirSync(dir, { recursive: true });
  return dir;
}

export async function loadDemoJpeg(photo: DemoPhoto): Promise<Buffer> {
  const hash = createHash('sha1').update(renderLandscapeSvg(photo)).digest('hex').slice(0, 16);
  const file = join(cacheDir(), `${photo.slug}-${hash}.jpg`);
  try {
    return readFileSync(file);
  } catch {
    const jpeg = await renderLandscapeJpeg(photo);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, jpeg);
    renameSync(tmp, file);
    return jpeg;
  }
}
