// Bundles the node:http front (server/main.ts) after `astro build`. Packages stay external:
// they are resolved from node_modules at run time, like Astro's own server bundle.
//
// The code that draws the demo photos (demo/) is built on its own, into dist/demo/landscapes.mjs:
// the seed imports it with import() only when a picture has to be drawn, so the front and
// Astro's server bundle never carry it (tests/unit/bundle-demo.test.ts checks both).
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist/front/main.mjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  external: ['../server/entry.mjs'],
  sourcemap: true,
  logLevel: 'warning',
});
console.log('front bundled: dist/front/main.mjs');

await build({
  entryPoints: ['demo/landscapes.ts'],
  outfile: 'dist/demo/landscapes.mjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
});
console.log('demo drawing bundled: dist/demo/landscapes.mjs');
