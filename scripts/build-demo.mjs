// Bundles the code that draws the demo photos (demo/) into dist/demo/landscapes.mjs, after
// `astro build`. The seed imports it with import() only when a picture has to be drawn, so the
// server bundle never carries it (tests/unit/seed/bundle-demo.test.ts checks that). Packages stay
// external: they are resolved from node_modules at run time, like the server bundle's.
import { build } from 'esbuild';

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
