import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCache, pickVariant, type RenderedPage } from './page-cache';

const html = (n: number) =>
  Buffer.from(`<!doctype html><title>t</title>${'<p>Wicklow light over Lough Tay. </p>'.repeat(n)}`);
const rendered = (body: Buffer): RenderedPage => ({
  status: 200,
  headers: { 'content-type': 'text/html' },
  body,
});

describe('PageCache', () => {
  it('renders a key once, then answers from memory until the content version changes', async () => {
    let version = 1;
    let renders = 0;
    const cache = new PageCache(() => version);
    const render = async () => {
      renders += 1;
      return rendered(html(50));
    };
    await cache.getOrRender('/shop', render);
    await cache.getOrRender('/shop', render);
    expect(renders).toBe(1);
    version = 2;
    await cache.getOrRender('/shop', render);
    expect(renders).toBe(2);
  });

  it('compresses two keys with the same bytes once', async () => {
    const cache = new PageCache(() => 1);
    const a = await cache.getOrRender('/shop', async () => rendered(html(50)));
    const b = await cache.getOrRender('/shop?page=1', async () => rendered(html(50)));
    expect(b).toBe(a);
  });

  it('answers with a quick brotli first and replaces it with the best one off the event loop', async () => {
    const cache = new PageCache(() => 1);
    const body = html(2000);
    const page = await cache.getOrRender('/', async () => rendered(body));
    const first = page?.variants.br?.body as Buffer;
    expect(brotliDecompressSync(first)).toEqual(body);
    await cache.settled();
    const best = page?.variants.br?.body as Buffer;
    expect(brotliDecompressSync(best)).toEqual(body);
    expect(best.length).toBeLessThanOrEqual(first.length);
    expect(page?.variants.br?.headers['content-length']).toBe(best.length);
  });

  it('makes gzip only when a client asks for it, and brotli first for one that takes both', async () => {
    const cache = new PageCache(() => 1);
    const body = html(200);
    const page = (await cache.getOrRender('/', async () => rendered(body))) as NonNullable<
      Awaited<ReturnType<PageCache['getOrRender']>>
    >;
    expect(page.variants.gzip).toBeUndefined();
    expect(pickVariant('gzip, deflate, br', page)).toBe(page.variants.br);
    expect(pickVariant('identity', page)).toBe(page.variants.identity);
    const gzip = pickVariant('gzip, deflate', page);
    expect(gunzipSync(gzip.body)).toEqual(body);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-length']).toBe(gzip.body.length);
    expect(gzip.headers.vary).toBe('Accept-Encoding');
    expect(gzip.etag).toMatch(/-gzip"$/);
    expect(pickVariant('gzip', page)).toBe(gzip);
  });

  it('after a write, reuses the compressed page (and its best brotli) of a render that did not change', async () => {
    let version = 1;
    let body = html(300);
    const cache = new PageCache(() => version);
    const first = await cache.getOrRender('/', async () => rendered(body));
    await cache.settled();
    const best = first?.variants.br?.body;
    version = 2;
    const same = await cache.getOrRender('/', async () => rendered(Buffer.from(body)));
    expect(same).toBe(first);
    expect(same?.variants.br?.body).toBe(best);
    version = 3;
    body = html(301);
    const changed = await cache.getOrRender('/', async () => rendered(body));
    expect(changed).not.toBe(first);
    expect(brotliDecompressSync(changed?.variants.br?.body as Buffer)).toEqual(body);
  });

  it('keeps nothing that the render said must not be cached', async () => {
    const cache = new PageCache(() => 1);
    expect(await cache.getOrRender('/x', async () => null)).toBeNull();
    expect(cache.size).toBe(0);
  });
});
