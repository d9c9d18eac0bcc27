// The code that draws the demo photos (demo/) is loaded only when a demo picture has to be drawn:
// it must not be in the server bundle that starts on every boot (dist/server/), only in its own
// file, dist/demo/landscapes.mjs. Reads the last
// build, so it means something after `npm run build` (npm test builds first).
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The build `dist` names, by its real folder: `npm run build` may point `dist` at a newer build while
// this file reads (an integration test builds while the others run).
const LINK = join(__dirname, '../../dist');
const DIST = existsSync(LINK) ? realpathSync(LINK) : LINK;
const SERVER = join(DIST, 'server');
const DEMO = join(DIST, 'demo/landscapes.mjs');

/** Names found only in the drawing code: the painter, a layer, the PRNG, and a scene field. */
const DRAWING_MARKERS = ['renderSceneSvg', 'drawRidges', 'mulberry32', 'metresAcross'];

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );

const built = existsSync(join(SERVER, 'entry.mjs'));

describe.skipIf(!built)(
  built ? 'production bundles' : 'production bundles (skipped: no build in dist/; run npm run build first)',
  () => {
    it('the demo drawing code is built on its own, and the markers name it', () => {
      expect(existsSync(DEMO)).toBe(true);
      const demo = readFileSync(DEMO, 'utf8');
      for (const marker of DRAWING_MARKERS) expect(demo, marker).toContain(marker);
    });

    it('the server bundle holds none of it', () => {
      const files = filesUnder(SERVER);
      expect(files.length).toBeGreaterThan(1);
      const holders = files.flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return DRAWING_MARKERS.filter((m) => text.includes(m)).map((m) => `${file}: ${m}`);
      });
      expect(holders).toEqual([]);
    });
  },
);
