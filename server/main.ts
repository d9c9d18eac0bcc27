// The server's entry: a small node:http front before Astro (DESIGN.md, Shape).
// It boots the data (migrations, owner account, demo seed), then answers anonymous GETs of
// public pages from a byte cache and hands everything else to Astro's handler.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { boot } from '../src/lib/server/boot';
import { ConfigError, getConfig } from '../src/lib/server/config';
import { closeDb, databaseFile, getDb } from '../src/lib/server/db';
import { serveMedia } from '../src/lib/server/media-serve';
import { serveObject } from '../src/lib/server/object-serve';
import type { AstroHandler } from './capture';
import { renderToMemory } from './capture';
import { type CachedPage, makePage, PageCache, pickVariant } from './page-cache';
import { loadStaticAssets } from './static-assets';

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
/** Paths that are never cached: personal, owner-only, or not pages. */
const UNCACHED = /^\/(?:api|admin|background-editor|checkout|objects|media|healthz)(?:\/|$)/;
const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

function send(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
  const variant = pickVariant(req.headers['accept-encoding'], page);
  if (page.status === 200 && req.headers['if-none-match'] === variant.etag) {
    res.writeHead(304, {
      etag: variant.etag,
      'cache-control': String(variant.headers['cache-control'] ?? ''),
    });
    res.end();
    return;
  }
  res.writeHead(page.status, variant.headers);
  res.end(req.method === 'HEAD' ? undefined : variant.body);
}

function isCacheable(req: IncomingMessage, pathname: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  let path = pathname;
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path); // /%61pi is /api to Astro's router too
    } catch {
      return false;
    }
  }
  if (UNCACHED.test(path.toLowerCase())) return false;
  return !SESSION_COOKIE.test(req.headers.cookie ?? '');
}

/** A rendered page may be cached only if it is the same for every anonymous visitor. */
function toCacheable(status: number, headers: Record<string, string>, body: Buffer): CachedPage | null {
  if (status !== 200 && status !== 404) return null;
  if (headers['set-cookie']) return null;
  if (/no-store|private/.test(headers['cache-control'] ?? '')) return null;
  const kept: Record<string, string> = { ...SECURITY_HEADERS };
  for (const [k, v] of Object.entries(headers)) {
    if (k !== 'content-length' && k !== 'transfer-encoding' && k !== 'connection') kept[k] = v;
  }
  // Browsers revalidate every time (a cheap 304), so an owner's edit shows on the next visit.
  kept['cache-control'] = 'public, max-age=0, must-revalidate';
  return makePage(status, kept, body, { compress: true });
}

/** The most of an unread request body the front reads and throws away to keep the connection. */
const DRAIN_LIMIT = 128 * 1024 * 1024;

/**
 * An answer given before the request body was read (a 413 for a declared size, a 403 for a bad
 * upload link) must still leave the connection usable:
 * - if the body was never touched, the rest of it is read and discarded (up to a limit), so the
 *   client can finish sending and read the answer instead of failing with EPIPE;
 * - if the endpoint stopped reading midway (a 413 found while streaming, which cancels the body),
 *   the answer says `Connection: close`, since the socket still holds the unread rest.
 */
function settleUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    if (!req.complete && req.destroyed) res.setHeader('connection', 'close');
    return writeHead(...args);
  }) as typeof res.writeHead;
  res.once('finish', () => {
    if (req.complete || req.destroyed) return;
    let seen = 0;
    // read() in a 'readable' handler, not resume(): the body may still have an (abandoned)
    // async iterator attached, and with a 'readable' listener present resume() does nothing.
    const drain = () => {
      for (let chunk = req.read() as Buffer | null; chunk !== null; chunk = req.read() as Buffer | null) {
        seen += chunk.length;
        if (seen > DRAIN_LIMIT) {
          req.socket.destroy();
          return;
        }
      }
    };
    req.on('readable', drain);
    drain();
  });
}

async function main(): Promise<void> {
  let config: ReturnType<typeof getConfig>;
  try {
    config = getConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Astro's bundle reads the same settings through its own copy of the config module.
  process.env.DATA_DIR = config.dataDir;
  process.env.AUTH_SECRET = config.authSecret;

  await boot();

  const distDir = fileURLToPath(new URL('..', import.meta.url));
  const entry = new URL('../server/entry.mjs', import.meta.url).href;
  const { handler } = (await import(entry)) as { handler: AstroHandler };
  const assets = loadStaticAssets(`${distDir}client`, SECURITY_HEADERS);

  // A read-only connection of its own: its data_version changes on every commit by others.
  const probe = new Database(databaseFile(config.dataDir), { readonly: true, fileMustExist: true });
  const readVersion = () => probe.pragma('data_version', { simple: true }) as number;
  const cache = new PageCache(readVersion);

  const server = createServer(async (req, res) => {
    try {
      const rawUrl = req.url ?? '/';
      const q = rawUrl.indexOf('?');
      const pathname = q === -1 ? rawUrl : rawUrl.slice(0, q);
      if (pathname === '/healthz') {
        getDb().$client.prepare('select 1').get();
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify({ status: 'ok' }));
        return;
      }
      if (req.method === 'GET' || req.method === 'HEAD') {
        const asset = assets.get(pathname);
        if (asset) return send(req, res, asset);
        if (pathname.startsWith('/media/') && (await serveMedia(req, res, pathname))) return;
        if (pathname.startsWith('/objects/') && (await serveObject(getDb(), req, res, pathname))) return;
      }
      if (!isCacheable(req, pathname)) {
        if (req.method !== 'GET' && req.method !== 'HEAD') settleUnreadBody(req, res);
        await handler(req, res);
        return;
      }
      const key = rawUrl;
      if (req.method === 'HEAD') {
        const hit = cache.get(key);
        if (hit) return send(req, res, hit);
        await handler(req, res);
        return;
      }
      const page = await cache.getOrRender(key, async () => {
        const captured = await renderToMemory(handler, req);
        return toCacheable(captured.status, captured.headers, captured.body);
      });
      if (page) return send(req, res, page);
      // Not cacheable after all (a redirect, an error, a cookie): render for this request alone.
      await handler(req, res);
    } catch (err) {
      console.error(err);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Something went wrong on our side. Please try again.');
      } else res.end();
    }
  });
  server.keepAliveTimeout = 65_000;

  const shutdown = (signal: string) => {
    console.log(`${signal} received, closing.`);
    server.close(() => {
      probe.close();
      closeDb();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
    }, 5000).unref();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(`Wicklow Light is listening on http://${config.host}:${port} (data in ${config.dataDir})`);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
