// The import boundary, as Biome enforces it (biome.json, noRestrictedImports). Each rule is probed
// with a file that breaks it, which must fail the lint, and one that keeps it, which must pass:
// - islands and every src/lib file not named *.server.ts can run in the browser, so they never
//   import a server-only file (*.server.ts, src/lib/platform/server), the db schema or Node;
// - the platform (src/lib/platform) knows no feature;
// - src/lib never imports an island.
import { describe, expect, it } from 'vitest';
import { lintProbe, refused } from '../helpers/lint-probe';

const lint = lintProbe;

describe('import boundary', () => {
  it('refuses a feature’s server file, the platform’s server half and the db schema in an island', () => {
    const run = lint(
      'src/islands/shop/BoundaryProbe.tsx',
      [
        "import { listShopRows } from '~/lib/photos/photos.server';",
        "import { getDb } from '~/lib/platform/server/db';",
        "import { photos } from '~db/schema';",
        "import { readFileSync } from 'node:fs';",
        'export const x = [listShopRows, getDb, photos, readFileSync];',
        '',
      ].join('\n'),
    );
    expect(run.status).not.toBe(0);
    expect(refused(run.output)).toBeGreaterThanOrEqual(4);
  });

  it('refuses a server file reached by a relative path from an island', () => {
    const run = lint(
      'src/islands/shop/BoundaryRelativeProbe.tsx',
      "import { listShopRows } from '../../lib/photos/photos.server';\n\nexport const x = listShopRows;\n",
    );
    expect(run.status).not.toBe(0);
    expect(refused(run.output)).toBeGreaterThanOrEqual(1);
  });

  it('refuses a server file in a browser-side file of a feature', () => {
    const run = lint(
      'src/lib/shop/boundary-probe.ts',
      "import { getDb } from '~/lib/platform/server/db';\nimport { listShopRows } from './photos.server';\n\nexport const x = [getDb, listShopRows];\n",
    );
    expect(run.status).not.toBe(0);
    expect(refused(run.output)).toBeGreaterThanOrEqual(2);
  });

  it('allows a feature’s server file to use the platform and the features it may import', () => {
    const run = lint(
      'src/lib/shop/boundary-probe.server.ts',
      "import { getDb } from '~/lib/platform/server/db';\nimport { isImageRejected } from '~/lib/media/images.server';\n\nexport const x = [getDb, isImageRejected];\n",
    );
    expect(refused(run.output)).toBe(0);
    expect(run.status).toBe(0);
  });

  it('refuses a feature in the platform’s server half', () => {
    const run = lint(
      'src/lib/platform/server/boundary-probe.ts',
      "import { listShopRows } from '~/lib/photos/photos.server';\nimport { printFits } from '../../shop/print-fit';\n\nexport const x = [listShopRows, printFits];\n",
    );
    expect(run.status).not.toBe(0);
    expect(refused(run.output)).toBeGreaterThanOrEqual(2);
  });

  it('refuses a feature and the server half in the platform’s browser half', () => {
    const run = lint(
      'src/lib/platform/client/boundary-probe.ts',
      "import { $cart } from '~/lib/shop/cart-store';\nimport { getDb } from '~/lib/platform/server/db';\n\nexport const x = [$cart, getDb];\n",
    );
    expect(run.status).not.toBe(0);
    expect(refused(run.output)).toBeGreaterThanOrEqual(2);
  });

  it('allows the platform to use the platform', () => {
    const run = lint(
      'src/lib/platform/server/boundary-probe.ts',
      "import { formatEuro } from '~/lib/platform/shared/format';\nimport { getDb } from './db';\n\nexport const x = [formatEuro, getDb];\n",
    );
    expect(refused(run.output)).toBe(0);
    expect(run.status).toBe(0);
  });

  it('refuses an island in src/lib, server-side or not', () => {
    for (const path of ['src/lib/viewer/boundary-probe.ts', 'src/lib/viewer/boundary-probe.server.ts']) {
      const run = lint(
        path,
        "import PhotoViewer from '~/islands/viewer/PhotoViewer';\n\nexport const x = PhotoViewer;\n",
      );
      expect(run.status, path).not.toBe(0);
      expect(refused(run.output), path).toBeGreaterThanOrEqual(1);
    }
  });

  it('allows an island to use a feature’s browser-side files and the platform’s browser half', () => {
    const run = lint(
      'src/islands/shop/BoundaryProbe.tsx',
      "import { linePriceCents } from '~/lib/shop/pricing';\nimport { sendJson } from '~/lib/platform/client/api';\nimport { formatEuro } from '~/lib/platform/shared/format';\n\nexport const x = [linePriceCents, sendJson, formatEuro];\n",
    );
    expect(refused(run.output)).toBe(0);
    expect(run.status).toBe(0);
  });
});
