// The demo pictures as JPEG. Drawing them takes some 4,400 lines of code (demo/ at the top of the
// repository) that the running site needs only once, on an empty database, and often not even
// then: the pictures are deterministic, so the rendered JPEGs are kept in a cache folder outside
// the data directory, and a second fresh install (or a test run) skips the drawing.
//
// So the drawing code is never bundled into the server. Run from the TypeScript sources (tsx,
// vitest) it is imported from demo/*.ts; run from the build, `npm run build` has emitted it as
// one file, dist/demo/landscapes.mjs, beside the server's dist/server/. Either way it is loaded with
// import() only when a picture is missing from the cache. A cached picture is named after a hash
// of that code's own files (scenes included), so any change to the drawing draws again.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DemoPhoto } from './demo-photos';

/** What the seed uses of demo/landscapes.ts, which is imported at run time, below. */
interface Drawing {
  renderLandscapeJpeg(photo: DemoPhoto): Promise<Buffer>;
}

interface DrawingModule {
  /** The module to import(). */
  entry: string;
  /** Hash of every file the drawing is made of. */
  key: string;
}

let located: DrawingModule | undefined;

function locateDrawing(): DrawingModule {
  if (located) return located;
  const here = fileURLToPath(import.meta.url);
  let entry: string;
  let files: string[];
  if (here.endsWith('.ts')) {
    // Run from the TypeScript sources, from the repository root (as every script and test is).
    const dir = resolve(process.cwd(), 'demo');
    entry = join(dir, 'landscapes.ts');
    files = readdirSync(dir)
      .filter((name) => name.endsWith('.ts'))
      .sort()
      .map((name) => join(dir, name));
  } else {
    // This code is bundled somewhere under dist/server/: the drawing is dist/demo/landscapes.mjs.
    entry = builtDrawing(dirname(here));
    files = [entry];
  }
  const hash = createHash('sha1');
  for (const file of files) hash.update(readFileSync(file));
  located = { entry, key: hash.digest('hex').slice(0, 16) };
  return located;
}

/** dist/demo/landscapes.mjs, looked for in the folders above the running bundle. */
function builtDrawing(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'demo/landscapes.mjs');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) {
      throw new Error(`The demo drawing code (dist/demo/landscapes.mjs) is missing: run npm run build.`);
    }
  }
}

function cacheDir(): string {
  const dir = resolve(process.env.DEMO_CACHE_DIR || 'node_modules/.cache/wicklow-demo');
  mkdirSync(dir, { recursive: true });
  return dir;
}

export async function loadDemoJpeg(photo: DemoPhoto): Promise<Buffer> {
  const drawing = locateDrawing();
  const file = join(cacheDir(), `${photo.slug}-${drawing.key}.jpg`);
  try {
    return readFileSync(file);
  } catch {
    const { renderLandscapeJpeg } = (await import(pathToFileURL(drawing.entry).href)) as Drawing;
    const jpeg = await renderLandscapeJpeg(photo);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, jpeg);
    renameSync(tmp, file);
    return jpeg;
  }
}
