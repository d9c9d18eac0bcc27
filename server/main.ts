// The node:http front before Astro, started by server/astro-entry.ts in the same bundle.
// It boots the data (migrations, owner account, demo seed), then answers anonymous GETs of
// public pages from the page cache, and a visitor's cart event (POST /api/visits) itself, and
// hands everything else to Astro's handler.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import Database from 'better-sqlite3';
import { galleryMediaCheck } from '~/lib/galleries/gallery-media.server';
import { serveMedia } from '~/lib/media/media-serve.server';
import { serveObject } from '~/lib/media/object-serve.server';
import { stopStorageSweep } from '~/lib/media/storage-sweep.server';
import { hasSessionCookie } from '~/lib/platform/server/auth/auth';
import { ConfigError, getConfig } from '~/lib/platform/server/config';
import { closeDb, databaseFile, getDb } from '~/lib/platform/server/db';
import { roomOf } from '~/lib/platform/server/http/paced-body';
import { encodePath, normalizePath, splitTarget } from '~/lib/platform/server/http/paths';
import { clientAddress } from '~/lib/platform/server/http/rate-limit';
import { cacheKey, ruleFor } from '~/lib/platform/server/http/route-table';
import { flushLog, getLog, loggablePath, logRequest, withRequest } from '~/lib/platform/server/log';
import { stopMailSender } from '~/lib/platform/server/mail/mail-sender';
import { securityHeaders } from '~/lib/platform/server/render/security-headers';
import { nextSaleBoundary } from '~/lib/shop/price-sales.server';
import { stopVisitFlusher } from '~/lib/visits/counter.server';
import { countPageRequest } from '~/lib/visits/front.server';
import { boot } from './boot';
import type { AstroHandler, Captured } from './capture';
import { renderToMemory } from './capture';
import { answerAtFront, frontCallFor } from './front-api';
import { connectionsClosed, InFlight } from './in-flight';
import { answerClientError, answerOnSocket, refuseMethod } from './methods';
import { type CachedPage, PageCache, pickVariant, type RenderedPage } from './page-cache';
import { GateFullError, RenderGate } from './render-gate';
import { SaleBoundaries } from './sale-boundaries';
import { loadStaticAssets } from './static-assets';
import { VersionMemo } from './version-memo';

/**
 * Answers from cached bytes, with every header in one writeHead: the variant's own (security
 * headers included, computed once) plus the request id and, for pages, `x-cache`, which says
 * whether the page cache had the page already. Nothing is set on `res` before, so node checks
 * each header once.
 *
 * The variant's header object is handed to writeHead itself, with this request's id and cache state
 * written into it first: node turns it into the header block at once and keeps no reference to it,
 * so one object serves every answer of the variant. Copying its twenty-odd headers for each answer
 * cost a large part of a cached answer's time.
 */
function send(
  req: IncomingMessage,
  res: ServerResponse,
  reqId: string,
  page: CachedPage,
  cacheState?: 'hit' | 'miss',
): void {
  const variant = pickVariant(req.headers['accept-encoding'], page);
  const notModified = page.status === 200 && req.headers['if-none-match'] === variant.etag;
  const headers = notModified ? variant.notModified : variant.headers;
  headers['x-request-id'] = reqId;
  if (cacheState) headers['x-cache'] = cacheState;
  if (notModified) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(page.status, headers);
  res.end(req.method === 'HEAD' ? undefined : variant.body);
}

/** A page answered from the page cache is a view for the visitor numbers (lib/visits). */
function counted(req: IncomingMessage, path: string, page: CachedPage): void {
  countPageRequest(req, path, page.status, page.variants.identity.headers['content-type']);
}

/** What the front decides from a request target alone, the same for every request with that target. */
interface Target {
  /** The canonical path, or null when the path cannot be judged safely (answered 400). */
  path: string | null;
  /** The canonical path as a URL path. */
  encoded: string;
  /** The target handed on: the encoded path with the query as sent. */
  url: string;
  /** The page cache's key for an anonymous GET or HEAD, or null when such a request is not cached. */
  key: string | null;
}

function resolveTarget(raw: string): Target {
  const target = splitTarget(raw);
  const path = normalizePath(target.path);
  if (path === null) return { path, encoded: '', url: raw, key: null };
  const encoded = encodePath(path);
  const url = target.query ? `${encoded}?${target.query}` : encoded;
  return { path, encoded, url, key: cacheKey(encoded, new URLSearchParams(target.query)) };
}

/**
 * Resolved targets by the raw target, so that a page asked for again and again is parsed, decoded
 * and matched against the route table once. Bounded: at most `max` targets of at most `longest`
 * characters (a longer one is resolved every time), emptied when full, so a client sending endless
 * or huge different targets costs only the parsing it would cost anyway, and little memory.
 */
class TargetMemo {
  private readonly targets = new Map<string, Target>();
  constructor(
    private readonly max = 2000,
    private readonly longest = 512,
  ) {}
  get(raw: string): Target {
    if (raw.length > this.longest) return resolveTarget(raw);
    let target = this.targets.get(raw);
    if (!target) {
      target = resolveTarget(raw);
      if (this.targets.size >= this.max) this.targets.clear();
      this.targets.set(raw, target);
    }
    return target;
  }
}

/**
 * Addresses of Astro's own endpoints (its image service, server islands, actions), which this site
 * does not use and leaves out of its build (astro.config.mjs). The front answers them 404 itself,
 * in any spelling, so that not even a 404 page is rendered for them.
 */
const ASTRO_ENDPOINTS = /^\/_(?:image|server-islands|actions)(?:\/|$)/i;

/** Only anonymous GETs and HEADs may be answered from the page cache (the route table says which paths). */
function cacheKeyOf(req: IncomingMessage, target: Target): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (hasSessionCookie(req.headers.cookie)) return null;
  return target.key;
}

/** A rendered page may be cached only if it is the same for every anonymous visitor. */
function toCacheable(
  { status, headers, body }: Captured,
  security: Record<string, string>,
): RenderedPage | null {
  if (status !== 200 && status !== 404) return null;
  if (headers['set-cookie']) return null;
  if (/no-store|private/.test(headers['cache-control'] ?? '')) return null;
  const kept: Record<string, string> = { ...security };
  for (const [k, v] of Object.entries(headers)) {
    if (k !== 'content-length' && k !== 'transfer-encoding' && k !== 'connection') kept[k] = v;
  }
  // Browsers revalidate every time (a cheap 304), so an owner's edit shows on the next visit.
  // (`no-cache` says that in the fewest bytes: the home page must fit the first round trip.)
  kept['cache-control'] = 'no-cache';
  return { status, headers: kept, body };
}

/** Astro locals from the socket itself: Astro's own clientAddress prefers X-Forwarded-For. */
function peerOf(req: IncomingMessage): { socketAddress: string | undefined } {
  return { socketAddress: req.socket.remoteAddress };
}

/** What Astro's locals get from the front: the peer, and how to pace a long body to the client. */
function localsOf(req: IncomingMessage, res: ServerResponse) {
  return { ...peerOf(req), waitForRoom: roomOf(res) };
}

function plain(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    ...extra,
  });
  res.end(text);
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

export async function startFront(handler: AstroHandler, clientDir: string): Promise<void> {
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
  const security = securityHeaders(config.siteUrl);

  await boot();

  const assets = loadStaticAssets(clientDir, security);

  // A read-only connection of its own. The content token changes on every write to a table that a
  // page can show (triggers in the database itself, so writes by scripts and restores count too),
  // and not on the visit counts written every minute.
  const probe = new Database(databaseFile(config.dataDir), { readonly: true, fileMustExist: true });
  // Prepared once: it is read on every cached answer.
  const contentToken = probe.prepare('SELECT token FROM content_changes WHERE id = 1').pluck();
  let untracked = 0;
  const version = new VersionMemo(() => {
    const token = contentToken.get() as string | undefined;
    if (token !== undefined) return token;
    // The row was deleted (by hand: the site never does): writes can no longer be followed, so
    // no page is kept past the turn it was rendered in, rather than kept for ever.
    if (untracked++ === 0) getLog().error('content_changes has no row: the page cache keeps nothing');
    return `untracked ${untracked}`;
  });
  // A sale starts and ends at its own time, with no write: the pages change then too.
  const sales = new SaleBoundaries((now) => nextSaleBoundary(getDb(), new Date(now))?.getTime() ?? null);
  const cache = new PageCache(() => sales.version(version.read()));
  const targets = new TargetMemo();
  const galleryMedia = galleryMediaCheck(getDb());

  /** Hands a request to Astro, with the socket's own address in its locals. */
  const toAstro = async (req: IncomingMessage, res: ServerResponse) =>
    handler(req, res, undefined, localsOf(req, res));
  const gate = new RenderGate();
  /**
   * Pages that the cache cannot answer wait their turn; a client with too many waiting gets a 503.
   * Turns are taken per visitor as the rate limits see them: behind a trusted proxy every socket
   * comes from the proxy, so the visitor is the address the proxy put in X-Forwarded-For.
   */
  const render = <T>(req: IncomingMessage, fn: () => Promise<T>) =>
    gate.run(clientAddress(req.headers['x-forwarded-for'], req.socket.remoteAddress ?? 'unknown'), fn);

  const inFlight = new InFlight();
  let stopping = false;
  const server = createServer((req, res) =>
    withRequest((ctx) => {
      const started = performance.now();
      // During a stop, an answer closes its connection: a kept-alive one would hold the stop.
      if (stopping) res.shouldKeepAlive = false;
      // One line per request, written when the answer is finished or the client went away.
      // 'close' comes once per answer; `on` spares the wrapper that `once` would add.
      res.on('close', () => {
        logRequest({
          reqId: ctx.reqId,
          method: req.method,
          path: loggablePath(req.url),
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
          role: ctx.role,
          ...(res.writableFinished ? {} : { aborted: true }),
        });
      });
      const rest = answer(req, res, ctx.reqId);
      if (rest) inFlight.track(rest);
    }),
  );
  /**
   * Every answer carries the security headers and the request id. Cached bytes (assets, pages)
   * have them in their own headers; everything else gets them here first (a page's own CSP
   * replaces the default one later).
   */
  const common = (res: ServerResponse, reqId: string) => {
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
    res.setHeader('x-request-id', reqId);
  };
  const fail = (res: ServerResponse, reqId: string, err: unknown) => {
    if (!res.headersSent) common(res, reqId);
    if (err instanceof GateFullError) {
      if (!res.headersSent)
        return plain(res, 503, 'The site is busy. Please try again in a moment.', { 'retry-after': '2' });
    }
    getLog().error({ err }, 'Unexpected error');
    if (!res.headersSent) plain(res, 500, 'Something went wrong on our side. Please try again.');
    else res.end();
  };
  /**
   * Answers at once what needs no waiting (a bad address, a built asset, a cached page), without a
   * promise; returns the rest of the work for anything else.
   */
  const answer = (req: IncomingMessage, res: ServerResponse, reqId: string): Promise<void> | undefined => {
    try {
      const refusal = refuseMethod(req.method);
      if (refusal) {
        common(res, reqId);
        settleUnreadBody(req, res);
        plain(res, refusal.status, refusal.message, refusal.headers);
        return;
      }
      const target = targets.get(req.url ?? '/');
      if (target.path === null) {
        common(res, reqId);
        plain(res, 400, 'The address is not valid.');
        return;
      }
      if (ASTRO_ENDPOINTS.test(target.path)) {
        common(res, reqId);
        settleUnreadBody(req, res);
        plain(res, 404, 'Page not found.');
        return;
      }
      // From here on, everything (assets, the cache, Astro's router and middleware) sees one path.
      req.url = target.url;
      const call = frontCallFor(req, target.path);
      if (call) {
        common(res, reqId);
        settleUnreadBody(req, res);
        // Whatever this request commits shows in the next cached answer.
        version.forgetWhenAnswered(res);
        return answerAtFront(req, res, call).catch((err) => fail(res, reqId, err));
      }
      const safe = req.method === 'GET' || req.method === 'HEAD';
      if (safe) {
        const asset = assets.get(target.encoded);
        if (asset) {
          send(req, res, reqId, asset);
          return;
        }
      } else {
        // Whatever this request commits shows in the next cached answer.
        version.forgetWhenAnswered(res);
      }
      const key = cacheKeyOf(req, target);
      const hit = key ? cache.get(key) : undefined;
      if (key && hit) {
        req.url = key;
        send(req, res, reqId, hit, 'hit');
        counted(req, target.path, hit);
        return;
      }
      return answerLater(req, res, reqId, target.path, target.encoded, key, safe).catch((err) =>
        fail(res, reqId, err),
      );
    } catch (err) {
      fail(res, reqId, err);
    }
  };
  const answerLater = async (
    req: IncomingMessage,
    res: ServerResponse,
    reqId: string,
    path: string,
    encoded: string,
    key: string | null,
    safe: boolean,
  ) => {
    if (path === '/healthz') {
      common(res, reqId);
      getDb().$client.prepare('select 1').get();
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ status: 'ok' }));
      return;
    }
    if (safe && path.startsWith('/media/')) {
      common(res, reqId);
      if (await serveMedia(req, res, encoded, galleryMedia)) return;
    }
    if (safe && path.startsWith('/objects/')) {
      common(res, reqId);
      if (await serveObject(getDb(), req, res, encoded)) return;
    }
    if (!key) {
      common(res, reqId);
      if (!safe) settleUnreadBody(req, res);
      // Pages take turns at the gate; endpoints (the API, files streamed to a client) do not.
      if (safe && !path.startsWith('/api/') && !ruleFor(path).streams)
        await render(req, () => toAstro(req, res));
      else await toAstro(req, res);
      return;
    }
    // The page is rendered with only the query parameters it reads, so that it matches its key.
    req.url = key;
    if (req.method !== 'HEAD') {
      const page = await cache.getOrRender(key, () =>
        render(req, async () => toCacheable(await renderToMemory(handler, req, peerOf(req)), security)),
      );
      if (page) {
        send(req, res, reqId, page, 'miss');
        counted(req, path, page);
        return;
      }
    }
    // A HEAD of a page not cached yet, or an answer that may not be cached (a redirect, an
    // error, a cookie): rendered for this request alone.
    common(res, reqId);
    await render(req, () => toAstro(req, res));
  };
  server.keepAliveTimeout = 65_000;
  // What node's parser does not hand to the request handler is answered with the site's headers
  // too: a CONNECT (refused like TRACE) and a request it could not read (an unknown method among them).
  server.on('connect', (_req: IncomingMessage, socket: Socket) => {
    const refusal = refuseMethod('CONNECT');
    if (refusal) answerOnSocket(socket, refusal.status, refusal.message, { ...security, ...refusal.headers });
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) =>
    answerClientError(err, socket, security),
  );

  // A stop takes new connections no more, lets the requests in flight finish (up to 10 s; then their
  // sockets are cut and their clean-up runs), and only then closes the database.
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // The listener closes before the line is written: whoever reads the line finds new connections refused.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    getLog().info(`${signal} received: finishing ${inFlight.size} request(s), then closing.`);
    server.closeIdleConnections();
    if (!(await inFlight.settle(10_000))) {
      getLog().info('Requests still running after 10 s: closing their connections.');
      server.closeAllConnections();
      await inFlight.settle(5_000);
    }
    await connectionsClosed(server, closed);
    probe.close();
    await stopStorageSweep();
    await stopMailSender();
    stopVisitFlusher(getDb());
    closeDb();
    getLog().info('Stopped.');
    flushLog();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    getLog().info(`Wicklow Light is listening on http://${config.host}:${port} (data in ${config.dataDir})`);
  });
}
