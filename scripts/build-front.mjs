// Bundles the node:http front (server/main.ts) after `astro build`. Packages stay external:
// they are resolved from node_modules at run time, like Astro's own server bundle.
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
