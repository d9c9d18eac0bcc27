// Bundles the code that draws the demo photos (demo/) into <build>/demo/landscapes.mjs, after
// `astro build`, in the new build's folder that scripts/build.mjs names. The seed imports it with
// import() only when a picture has to be drawn, so the server bundle never carries it
// (tests/repo/bundle-demo.test.ts checks that). Packages stay external: they are resolved from
// node_modules at run time, like the server bundle's.
import { join } from 'node:path';
import { build } from 'esbuild';

if (!process.argv[2])
  throw new Error('Usage: node scripts/build-demo.mjs <build folder> (npm run build runs it)');
const outfile = join(process.argv[2], 'demo/landscapes.mjs');

await build({
  entryPoints: ['demo/landscapes.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
});
console.log(`demo drawing bundled: ${outfile}`);
