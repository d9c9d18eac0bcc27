// Built client assets (dist/client) are few and small, so they are read into memory at start and
// compressed once. Hashed files under /_astro/ never change and are cached for a year.
// Brotli at its best level takes seconds for all of them, so the start compresses quickly and the
// best brotli replaces it afterwards on libuv's thread pool, as for cached pages.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { getLog } from '~/lib/platform/server/log';
import { LATE_STYLESHEETS } from '~/lib/platform/server/render/late-stylesheets';
import { type CachedPage, makePage, upgradeBrotli } from './page-cache';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
  '.ico',
]);

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

export function loadStaticAssets(
  clientDir: string,
  extraHeaders: Record<string, string>,
): Map<string, CachedPage> {
  const assets = new Map<string, CachedPage>();
  let files: string[] = [];
  try {
    files = walk(clientDir);
  } catch {
    return assets;
  }
  const add = (urlPath: string, body: Buffer) => {
    const ext = extname(urlPath).toLowerCase();
    const headers: Record<string, string> = {
      ...extraHeaders,
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': urlPath.startsWith('/_astro/')
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=3600',
    };
    const page = makePage(200, headers, body, {
      compress: COMPRESSIBLE.has(ext) && body.length > 512,
      level: 'best',
    });
    upgradeBrotli(page).catch((err) => getLog().error({ err }, 'Brotli upgrade failed.'));
    assets.set(urlPath, page);
  };
  for (const file of files) add(`/${relative(clientDir, file).split(sep).join('/')}`, readFileSync(file));
  // The whole stylesheets of the pages whose inline copy is cut to their markup (late-stylesheets.ts).
  for (const sheet of LATE_STYLESHEETS) add(sheet.path, Buffer.from(sheet.css));
  return assets;
}
