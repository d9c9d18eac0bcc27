// The one list of which feature of src/lib may import which, and the Biome rules made from it.
// `npm run lint:features` writes the rules into biome.json; the boundary test fails when biome.json
// and this list disagree, so the list is edited here and nowhere else.
//
// Why the rules are written out per feature: Biome's noRestrictedImports takes one list of patterns
// per file, and when two overrides match a file the later one replaces the earlier one's patterns
// instead of adding to them. Each feature therefore gets two overrides (its browser files, its
// *.server.ts files), each repeating the browser/server rule of src/lib beside the feature rule.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Each feature and the features it may import (the platform is always allowed). One way only. */
export const FEATURE_IMPORTS = {
  admin: ['checkout', 'enquiries', 'lab', 'orders', 'payments', 'reviews', 'selling', 'site'],
  backgrounds: ['media', 'photos', 'site'],
  checkout: ['galleries', 'lab', 'payments', 'selling', 'shop', 'site', 'withdrawals'],
  composition: ['media', 'site'],
  content: ['checkout', 'selling', 'shop', 'site'],
  drone: ['media', 'photos', 'site'],
  enquiries: ['site'],
  galleries: ['media', 'shop', 'site'],
  jobs: ['checkout', 'content', 'galleries', 'orders', 'payments', 'selling', 'site'],
  lab: ['media', 'site'],
  media: ['site'],
  orders: ['checkout', 'lab', 'media', 'payments', 'reviews', 'selling', 'shop', 'site', 'withdrawals'],
  payments: [],
  photos: ['media', 'shop', 'site'],
  profile: ['media', 'photos', 'site'],
  reviews: ['site'],
  selling: ['lab', 'payments', 'shop', 'site'],
  shop: ['media', 'reviews', 'site', 'visits'],
  site: [],
  viewer: ['media', 'site'],
  visits: ['payments'],
  withdrawals: ['site'],
};

const ISLANDS = ['~/islands', '~/islands/**', '**/islands/**'];
const NO_ISLAND = {
  group: ISLANDS,
  message: "Src/lib never imports an island (an island's trigger lives beside it in src/islands).",
};
const BROWSER_SAFE = {
  group: [
    '**/*.server',
    '**/*.server.ts',
    '~/lib/platform/server',
    '~/lib/platform/server/**',
    '**/platform/server/**',
    '~db/**',
    '!~db/enums',
    '**/db/schema',
    'node:*',
    ...ISLANDS,
  ],
  message:
    "A file of src/lib not named *.server.ts can run in the browser: it must never import a server-only file (*.server.ts, src/lib/platform/server), the db schema (its enums, plain constants, excepted) or a Node module; and src/lib never imports an island (an island's trigger lives beside it in src/islands).",
};

const words = (list) =>
  list.length === 0
    ? 'no other feature'
    : list.length === 1
      ? list[0]
      : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;

function featureRule(feature, allowed) {
  const group = [
    '~/lib/*',
    '~/lib/*/**',
    '../*/**',
    '!~/lib/platform',
    '!~/lib/platform/**',
    '!../platform/**',
  ];
  for (const other of [...allowed, feature].sort()) {
    group.push(`!~/lib/${other}`, `!~/lib/${other}/**`);
    if (other !== feature) group.push(`!../${other}/**`);
  }
  return {
    group,
    message: `Features import each other one way, along a declared list: src/lib/${feature} may import ${words(allowed)} (and the platform). Move what both sides need to the side that owns it, or lower.`,
  };
}

const override = (includes, patterns) => ({
  includes,
  linter: { rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } } },
});

/** The two overrides of every feature, in the list's order. */
export function featureOverrides() {
  return Object.entries(FEATURE_IMPORTS).flatMap(([feature, allowed]) => [
    override(
      [`src/lib/${feature}/**`, `!src/lib/${feature}/**/*.server.ts`],
      [BROWSER_SAFE, featureRule(feature, allowed)],
    ),
    override([`src/lib/${feature}/**/*.server.ts`], [NO_ISLAND, featureRule(feature, allowed)]),
  ]);
}

const isFeatureOverride = (o) =>
  /^src\/lib\/[a-z-]+\/\*\*/.test(o.includes?.[0] ?? '') && !o.includes[0].startsWith('src/lib/platform/');

/** biome.json with its feature overrides made from the list, in the place the first one held. */
export function biomeConfigWithFeatureRules(config) {
  const at = config.overrides.findIndex(isFeatureOverride);
  const others = config.overrides.filter((o) => !isFeatureOverride(o));
  const place = at === -1 ? others.length : at;
  return { ...config, overrides: [...others.slice(0, place), ...featureOverrides(), ...others.slice(place)] };
}

export const BIOME_JSON = fileURLToPath(new URL('../biome.json', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const config = JSON.parse(readFileSync(BIOME_JSON, 'utf8'));
  writeFileSync(BIOME_JSON, `${JSON.stringify(biomeConfigWithFeatureRules(config), null, 2)}\n`);
  console.log('biome.json: the feature import rules now follow scripts/feature-imports.mjs.');
}
