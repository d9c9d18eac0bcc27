// Features of src/lib import each other one way, along a declared list that Biome enforces
// (biome.json, noRestrictedImports, one override per feature). Each probe is a file written into the
// tree for one lint run and removed: an import the list refuses must fail the lint with the list's
// message, an import it allows must pass, and the browser/server rules of a feature's files still hold
// beside the feature rule. The declared list itself runs one way: no two features may import each other.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIOME_JSON, biomeConfigWithFeatureRules } from '../../scripts/feature-imports.mjs';
import { lintProbe, refused } from '../helpers/lint-probe';

const lint = lintProbe;

interface Override {
  includes?: string[];
  linter?: {
    rules?: { style?: { noRestrictedImports?: { options?: { patterns?: { group: string[] }[] } } } };
  };
}

/** The declared list, read back from biome.json: each feature and the features it may import. */
function declaredList(): Map<string, Set<string>> {
  const config = JSON.parse(readFileSync('biome.json', 'utf8')) as { overrides: Override[] };
  const list = new Map<string, Set<string>>();
  for (const override of config.overrides) {
    const feature = override.includes?.[0]?.match(/^src\/lib\/([a-z-]+)\/\*\*$/)?.[1];
    const patterns = override.linter?.rules?.style?.noRestrictedImports?.options?.patterns ?? [];
    if (!feature || feature === 'platform') continue;
    const allowed = list.get(feature) ?? new Set<string>();
    for (const { group } of patterns) {
      for (const entry of group) {
        const other = entry.match(/^!~\/lib\/([a-z-]+)$/)?.[1];
        if (other && other !== feature && other !== 'platform') allowed.add(other);
      }
    }
    list.set(feature, allowed);
  }
  return list;
}

// Each case runs Biome once: seconds alone, longer on a busy machine.
describe('feature boundaries', { timeout: 90_000 }, () => {
  it('biome.json holds the rules made from the one list (npm run lint:features writes them)', () => {
    const config = JSON.parse(readFileSync(BIOME_JSON, 'utf8'));
    expect(config).toEqual(biomeConfigWithFeatureRules(config));
  });

  it('refuses an import from a feature the list does not allow', () => {
    const run = lint(
      'src/lib/shop/feature-boundary-probe.ts',
      "import { DISCOUNT_MESSAGES } from '~/lib/selling/discount';\n\nexport const x = DISCOUNT_MESSAGES;\n",
    );
    expect(run.status).not.toBe(0);
    expect(refused(run.output)).toBe(1);
    expect(run.output).toContain(
      'src/lib/shop may import media, reviews, site and visits (and the platform)',
    );
  });

  it('refuses it in a server file', () => {
    const run = lint(
      'src/lib/payments/feature-boundary-probe.server.ts',
      "import { ORDERS_PAGE_SIZE } from '~/lib/orders/schemas';\n\nexport const x = ORDERS_PAGE_SIZE;\n",
    );
    expect(run.status).not.toBe(0);
    expect(run.output).toContain('src/lib/payments may import no other feature');
  });

  it('refuses it by a relative path', () => {
    const run = lint(
      'src/lib/media/feature-boundary-probe.ts',
      "import { splitKeywords } from '../photos/keywords';\n\nexport const x = splitKeywords;\n",
    );
    expect(run.status).not.toBe(0);
    expect(run.output).toContain('src/lib/media may import site');
  });

  it('allows an import along the list, the platform and the feature’s own files', () => {
    const run = lint(
      'src/lib/checkout/feature-boundary-probe.ts',
      [
        "import { linePriceCents } from '~/lib/shop/pricing';",
        "import { formatEuro } from '~/lib/platform/shared/format';",
        "import { CURRENCY } from '~/lib/site/constants';",
        "import { DISCOUNT_MESSAGES } from './discount';",
        '',
        'export const x = [linePriceCents, formatEuro, CURRENCY, DISCOUNT_MESSAGES];',
        '',
      ].join('\n'),
    );
    expect(refused(run.output)).toBe(0);
    expect(run.status).toBe(0);
  });

  it('keeps refusing a server-only file in a feature’s browser file', () => {
    const run = lint(
      'src/lib/checkout/feature-boundary-probe.ts',
      "import { getDb } from '~/lib/platform/server/db';\nimport { linePriceCents } from '~/lib/shop/pricing';\n\nexport const x = [getDb, linePriceCents];\n",
    );
    expect(run.status).not.toBe(0);
    expect(refused(run.output)).toBe(1);
    expect(run.output).toContain('can run in the browser');
  });

  it('declares every feature folder, and no two features that import each other', () => {
    const list = declaredList();
    const folders = readdirFeatures();
    expect([...list.keys()].sort()).toEqual(folders);
    const both: string[] = [];
    for (const [feature, allowed] of list) {
      for (const other of allowed) if (list.get(other)?.has(feature)) both.push(`${feature} <-> ${other}`);
    }
    expect(both).toEqual([]);
  });
});

/** The feature folders of src/lib (every folder but the platform). */
function readdirFeatures(): string[] {
  return readdirSync('src/lib', { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'platform')
    .map((entry) => entry.name)
    .sort();
}
