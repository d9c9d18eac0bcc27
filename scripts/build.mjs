// `npm run build`: builds the site into a new folder, builds/<time>/, and only then points `dist` at it.
//
// A running server loads each page's code from its build folder on that page's first request (Astro's
// chunks, named by their hash) and serves the client assets its pages name. A build written over the
// folder of a running server made every page it had not loaded yet answer 500 (ERR_MODULE_NOT_FOUND)
// until a restart. So a build never touches a folder in use: `dist` is a symbolic link, switched to
// the new build in one rename(2), and a server follows the link once, when it starts (Node resolves
// a module to its real path), so it keeps its own build until it is restarted.
//
// Old builds are removed, except the newest three (the new one, the one a server started before
// this build still runs, and one more for a second build before a restart), the one `dist` named
// before, and any build a running server has marked as its own (server/build-in-use.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { linkTarget, pruneBuilds, stamp, switchLink } from './builds.mjs';

const BUILDS = 'builds';
const LINK = 'dist';

/** Runs a command with this process's output; on failure exits as it did, removing the unfinished build. */
function run(command, args, unfinished) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status === 0) return;
  rmSync(unfinished, { recursive: true, force: true });
  console.error(`The build failed; ${LINK} still names the build it named before.`);
  process.exit(result.status ?? 1);
}

mkdirSync(BUILDS, { recursive: true });
// Astro writes the build's own folder into its server code (its client and server folders), so the
// build is made where it stays, never moved after.
const out = join(BUILDS, stamp(new Date()));
const astro = join(createRequire(import.meta.url).resolve('astro/package.json'), '..', 'astro.js');
run(process.execPath, [astro, 'build', '--outDir', out], out);
run(process.execPath, ['scripts/build-demo.mjs', out], out);

const previous = linkTarget(LINK);
switchLink(LINK, out, BUILDS);
console.log(`${LINK} -> ${out}: a server started from now on runs it; restart a running one to switch it.`);
for (const removed of pruneBuilds(BUILDS, [out, previous])) console.log(`removed the old build ${removed}`);
