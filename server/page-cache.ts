// The page cache of the front. Anonymous GETs of public pages are rendered once per content
// version, compressed once, and answered with an ETag.
//
// The content version is the database's content token (the content_changes table), read on a
// connection of its own that never writes: triggers in the database give it a new random value on
// every write to a table a page can show, whichever connection makes it (the site, a script, a
// backup restore), so such a write invalidates the cache without any bookkeeping in the code. The
// visit counts, which no page shows and which are written every minute, leave it as it is.
//
// Compression in the request path is cheap (brotli 5 now, gzip 6 once a client asks for it); brotli at
// its best level runs afterwards on libuv's thread pool and replaces the first variant, so a
// miss never holds the event loop for long, once the page has stayed unchanged for a moment. Two keys that render the same bytes share one
// compressed page.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { getLog } from '~/lib/platform/server/log';

export type Encoding = 'br' | 'gzip' | 'identity';

export interface Variant {
  body: Buffer;
  etag: string;
  /** Every response header, computed once so a hit only writes bytes. */
  headers: Record<string, string | number>;
  /**
   * The headers of a 304 to a matching If-None-Match: the same as the full answer's but those that
   * describe the body, so a browser that updates its stored headers from the 304 keeps the page's
   * own CSP.
   */
  notModified: Record<string, string | number>;
}

export interface CachedPage {
  status: number;
  /** One variant per encoding made so far; identity is always there. */
  variants: { identity: Variant; br?: Variant; gzip?: Variant };
  /** Whether compressed variants exist or may be made (gzip is made when first asked for). */
  compressed: boolean;
}

export interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const brotliAsync = promisify(brotliCompress);

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/**
 * The variant for a request's Accept-Encoding. Brotli is always made ahead; gzip, which nearly
 * every client that takes it also takes brotli instead of, is made on the first request that needs it.
 */
export function pickVariant(acceptEncoding: string | undefined, page: CachedPage): Variant {
  const accept = acceptEncoding ?? '';
  if (page.variants.br && accept.includes('br')) return page.variants.br;
  if (page.compressed && accept.includes('gzip')) {
    page.variants.gzip ??= gzipVariant(page.variants.identity, 6);
    return page.variants.gzip;
  }
  return page.variants.identity;
}

function gzipVariant(identity: Variant, level: number): Variant {
  return variantOf(identity.headers, identity.etag, gzipSync(identity.body, { level }), 'gzip', true);
}

function brotliParams(quality: number, size: number) {
  return {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

function variantOf(
  headers: Record<string, string | number>,
  etag: string,
  encoded: Buffer,
  encoding: Encoding,
  compressed: boolean,
): Variant {
  const tag = encoding === 'identity' ? etag : etag.replace(/"$/, `-${encoding}"`);
  const h: Record<string, string | number> = { ...headers, etag: tag, 'content-length': encoded.length };
  if (compressed) h.vary = 'Accept-Encoding';
  if (encoding !== 'identity') h['content-encoding'] = encoding;
  return { body: encoded, etag: tag, headers: h, notModified: notModifiedHeaders(h) };
}

const BODY_HEADERS = new Set(['content-length', 'content-encoding', 'content-type']);

function notModifiedHeaders(headers: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !BODY_HEADERS.has(name)));
}

/**
 * Builds the cached form of a response: the bytes in each encoding with their headers.
 * Brotli is made at a quick level here, and at its best later by upgradeBrotli (seconds for the
 * built assets, too long to hold the event loop). `best` also gzips now at the highest level (for
 * assets read once at start); with `fast`, for the request path, gzip waits until it is asked for.
 */
export function makePage(
  status: number,
  headers: Record<string, string>,
  body: Buffer,
  opts: { compress: boolean; etag?: string; level?: 'fast' | 'best' },
): CachedPage {
  const etag = opts.etag ?? etagOf(body);
  const identity = variantOf(headers, etag, body, 'identity', opts.compress);
  if (!opts.compress) return { status, variants: { identity }, compressed: false };
  const br = brotliCompressSync(body, brotliParams(5, body.length));
  return {
    status,
    variants: {
      identity,
      br: variantOf(headers, etag, br, 'br', true),
      ...(opts.level === 'best' ? { gzip: gzipVariant(identity, 9) } : {}),
    },
    compressed: true,
  };
}

/** Replaces the page's brotli variant by one at the best level, made off the event loop. */
export async function upgradeBrotli(page: CachedPage): Promise<void> {
  const { identity, br } = page.variants;
  if (!br) return;
  const better = await brotliAsync(identity.body, brotliParams(11, identity.body.length));
  if (better.length >= br.body.length) return;
  const headers = { ...br.headers, 'content-length': better.length };
  page.variants.br = { body: better, etag: br.etag, headers, notModified: br.notModified };
}

/** What a cached page was rendered from: the data version, with what else changes the pages. */
export type ContentVersion = number | bigint | string;

/** A bounded map of rendered pages for one content version; a new version starts empty. */
export class PageCache {
  private version: ContentVersion | undefined;
  private readonly pages = new Map<string, CachedPage>();
  /** Compressed pages by status, ETag and headers: the same answer is compressed once. */
  private readonly byEtag = new Map<string, CachedPage>();
  private readonly pending = new Map<string, Promise<CachedPage | null>>();
  private upgrades: Promise<void>[] = [];
  /** Best-brotli upgrades waiting for their page to stay current a while. */
  private readonly waitingUpgrades = new Map<NodeJS.Timeout, () => void>();

  /**
   * `upgradeAfterMs`: the best brotli of a page is made only once its content has stayed the same
   * this long. It costs far more CPU than the render (a tenth of a second for 100 KB of HTML), and
   * while the owner is editing, every save would otherwise pay it for pages that the next save
   * drops anyway.
   */
  constructor(
    private readonly readVersion: () => ContentVersion,
    private readonly maxEntries = 500,
    private readonly upgradeAfterMs = 2000,
  ) {}

  /**
   * Checks the version and drops every page if the content changed. The compressed pages that were
   * being served stay at hand for renders of the new version that come out byte for byte the same
   * (most pages, after a write that only one page shows), so those are not compressed again and keep
   * their best brotli.
   */
  private sync(): void {
    const v = this.readVersion();
    if (v !== this.version) {
      this.version = v;
      const served = new Set(this.pages.values());
      for (const [key, page] of this.byEtag) if (!served.has(page)) this.byEtag.delete(key);
      this.pages.clear();
      this.pending.clear();
    }
  }

  get(key: string): CachedPage | undefined {
    this.sync();
    return this.pages.get(key);
  }

  /**
   * Renders at most once per key at a time; concurrent misses share the render. `render`
   * returns null for an answer that must not be cached (a redirect, a cookie, an error).
   */
  async getOrRender(key: string, render: () => Promise<RenderedPage | null>): Promise<CachedPage | null> {
    const hit = this.get(key);
    if (hit) return hit;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const version = this.version;
    const promise = render().then((rendered) => {
      this.pending.delete(key);
      if (!rendered) return null;
      const page = this.compress(rendered);
      // Keep it only if no write happened while it rendered.
      if (this.readVersion() === version) this.store(key, page);
      return page;
    });
    promise.catch(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  /** Starts the waiting brotli upgrades now and waits for all of them (for tests and the bench). */
  async settled(): Promise<void> {
    for (const [timer, start] of this.waitingUpgrades) {
      clearTimeout(timer);
      this.waitingUpgrades.delete(timer);
      start();
    }
    const running = this.upgrades;
    this.upgrades = [];
    await Promise.all(running);
  }

  get size(): number {
    return this.pages.size;
  }

  private compress(rendered: RenderedPage): CachedPage {
    const etag = etagOf(rendered.body);
    const same = `${rendered.status} ${etag} ${JSON.stringify(rendered.headers)}`;
    const known = this.byEtag.get(same);
    if (known) return known;
    const page = makePage(rendered.status, rendered.headers, rendered.body, { compress: true, etag });
    if (this.byEtag.size >= this.maxEntries) this.byEtag.clear();
    this.byEtag.set(same, page);
    this.upgradeLater(page);
    return page;
  }

  /** Makes the page's best brotli if it is still being served upgradeAfterMs from now. */
  private upgradeLater(page: CachedPage): void {
    const start = () => {
      this.sync();
      if (![...this.pages.values()].includes(page)) return;
      const upgrade = upgradeBrotli(page).catch((err) => getLog().error({ err }, 'Brotli upgrade failed.'));
      this.upgrades.push(upgrade);
      upgrade.then(() => {
        this.upgrades = this.upgrades.filter((u) => u !== upgrade);
      });
    };
    const timer = setTimeout(() => {
      this.waitingUpgrades.delete(timer);
      start();
    }, this.upgradeAfterMs);
    timer.unref();
    this.waitingUpgrades.set(timer, start);
  }

  private store(key: string, page: CachedPage): void {
    if (this.pages.size >= this.maxEntries) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    this.pages.set(key, page);
  }
}
