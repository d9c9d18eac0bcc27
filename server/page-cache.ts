// The byte cache of the front (DESIGN.md, Shape). Anonymous GETs of public pages are rendered
// once per content version, compressed once (brotli and gzip), and answered with an ETag.
// The content version is SQLite's data_version read on a connection of its own that never
// writes: it changes whenever any other connection (the site, a script, a backup restore)
// commits, so every write to the database invalidates the cache without any bookkeeping.
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

export interface Variant {
  body: Buffer;
  etag: string;
  /** Every response header, computed once so a hit only writes bytes. */
  headers: Record<string, string | number>;
}

export interface CachedPage {
  status: number;
  /** One variant per encoding that was made; identity is always there. */
  variants: { identity: Variant; br?: Variant; gzip?: Variant };
}

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

export function pickVariant(acceptEncoding: string | undefined, page: CachedPage): Variant {
  const accept = acceptEncoding ?? '';
  if (page.variants.br && accept.includes('br')) return page.variants.br;
  if (page.variants.gzip && accept.includes('gzip')) return page.variants.gzip;
  return page.variants.identity;
}

/** Builds the cached form of a response: the bytes in each encoding with their headers. */
export function makePage(
  status: number,
  headers: Record<string, string>,
  body: Buffer,
  opts: { compress: boolean; etag?: string },
): CachedPage {
  const etag = opts.etag ?? etagOf(body);
  const variant = (encoded: Buffer, encoding: Encoding): Variant => {
    const tag = encoding === 'identity' ? etag : etag.replace(/"$/, `-${encoding}"`);
    const h: Record<string, string | number> = { ...headers, etag: tag, 'content-length': encoded.length };
    if (opts.compress) h.vary = 'Accept-Encoding';
    if (encoding !== 'identity') h['content-encoding'] = encoding;
    return { body: encoded, etag: tag, headers: h };
  };
  if (!opts.compress) return { status, variants: { identity: variant(body, 'identity') } };
  const br = brotliCompressSync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gzip = gzipSync(body, { level: 9 });
  return {
    status,
    variants: { identity: variant(body, 'identity'), br: variant(br, 'br'), gzip: variant(gzip, 'gzip') },
  };
}

/** A bounded map of rendered pages for one content version; a new version starts empty. */
export class PageCache {
  private version: number | bigint | undefined;
  private readonly pages = new Map<string, CachedPage>();
  private readonly pending = new Map<string, Promise<CachedPage | null>>();

  constructor(
    private readonly readVersion: () => number | bigint,
    private readonly maxEntries = 500,
  ) {}

  /** Checks the version and drops everything if the content changed. */
  private sync(): void {
    const v = this.readVersion();
    if (v !== this.version) {
      this.version = v;
      this.pages.clear();
      this.pending.clear();
    }
  }

  get(key: string): CachedPage | undefined {
    this.sync();
    return this.pages.get(key);
  }

  /** Renders at most once per key at a time; concurrent misses share the render. */
  async getOrRender(key: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    const hit = this.get(key);
    if (hit) return hit;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const version = this.version;
    const promise = render().then((page) => {
      this.pending.delete(key);
      // Keep it only if no write happened while it rendered.
      if (page && this.readVersion() === version) {
        if (this.pages.size >= this.maxEntries) {
          const oldest = this.pages.keys().next().value;
          if (oldest !== undefined) this.pages.delete(oldest);
        }
        this.pages.set(key, page);
      }
      return page;
    });
    promise.catch(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  get size(): number {
    return this.pages.size;
  }
}
