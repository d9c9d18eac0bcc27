// The server entry of Astro's build (dist/server/entry.mjs): @astrojs/node's request handler,
// and the node:http front started from the same bundle.
//
// Why one bundle: the front needs the database, the boot sequence and the media and object
// servers, and Astro's pages need them too. Built as two bundles (as the front once was, with
// esbuild), each imported its own copy of the server modules: two database connections, two media
// queues and two PayPal clients in one process, and an error thrown by one copy was not an
// `instanceof` the other's class. Here the front is one more module of Astro's graph, so every
// stateful module exists once. astro.config.mjs points @astrojs/node at this file.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createExports as nodeExports } from '@astrojs/node/server.js';
import type { SSRManifest } from 'astro';
import { getLog } from '~/lib/platform/server/log';
import { markBuildInUse } from './build-in-use';
import { startFront } from './main';
import { exitIfNodeTooOld } from './node-version.mjs';

type NodeOptions = Parameters<typeof nodeExports>[1];
let made: ReturnType<typeof nodeExports> | undefined;

export function createExports(manifest: SSRManifest, options: NodeOptions) {
  made ??= nodeExports(manifest, options);
  return made;
}

/** Called by Astro's entry once it is loaded: `node dist/server/entry.mjs` serves the site. */
export function start(manifest: SSRManifest, options: NodeOptions): void {
  exitIfNodeTooOld();
  const { handler } = createExports(manifest, options);
  const client = clientDir(options);
  markBuildInUse(dirname(client));
  startFront(handler, client).catch((err) => {
    getLog().error({ err }, 'Unexpected error');
    process.exit(1);
  });
}

/**
 * The build's client folder, beside its server folder. Found from this chunk's own location (like
 * @astrojs/node does), so a build that was moved or copied elsewhere still serves its assets. That
 * location is the build's real folder (builds/<time>/server/...), not the `dist` link it was started
 * through: Node resolves a module to its real path, so a later `npm run build`, which points `dist`
 * at a new folder, changes nothing for this process, its pages' code or its assets.
 */
function clientDir(options: NodeOptions): string {
  let folder = new URL('.', import.meta.url);
  while (!folder.pathname.endsWith('/server/') && folder.pathname !== '/') folder = new URL('..', folder);
  return fileURLToPath(folder.pathname === '/' ? new URL(options.client) : new URL('../client/', folder));
}
