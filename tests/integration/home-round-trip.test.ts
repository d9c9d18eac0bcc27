// The home page arrives in one round trip: its whole answer (status line, headers and brotli body)
// fits TCP's initial window of 10 segments of 1,460 bytes, also for an owner who writes at length.
// Its inline stylesheet holds only what its markup can use, and the whole stylesheet is served as
// an asset that the page loads before its scripts (what they add, such as the photo viewer, is
// styled by it).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptHash } from '~/lib/platform/server/render/csp';
import {
  brotli,
  INITIAL_WINDOW_BYTES,
  rawHtml,
  servedBrotli,
  wholeAnswerBytes,
} from '../../scripts/bench/bytes.mjs';
import { waitForMediaQueue } from '../../scripts/bench/lib.mjs';
import { writeLongOwnerTexts } from '../../scripts/bench/long-owner-texts.mjs';
import { type RunningServer, startServer } from '../helpers/server';

const PASSWORD = 'integration-password';

/** The home page's whole answer in bytes, once the front serves its best brotli. */
async function homeAsServed(url: string): Promise<number> {
  const html = await rawHtml(`${url}/`);
  await servedBrotli(`${url}/`, brotli(html, 11).length);
  return wholeAnswerBytes(`${url}/`);
}

describe('the home page', () => {
  let site: RunningServer;
  beforeAll(async () => {
    site = await startServer({ SEED_DEMO: '1', OWNER_PASSWORD: PASSWORD });
    // Its AVIF sources are in the page once the background queue has made them.
    await waitForMediaQueue(join(site.dataDir, 'site.sqlite'), { quiet: true });
  }, 300_000);
  afterAll(async () => {
    await site?.stop();
  });

  it('inlines only the styles its markup uses and loads the whole stylesheet before its scripts', async () => {
    const res = await fetch(`${site.url}/`);
    const html = await res.text();
    const inline = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const loader = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const href = /l\.href="(\/_astro\/home\.whole\.[\w-]+\.css)"/.exec(loader)?.[1];
    expect(href, 'the loader names the whole stylesheet').toBeDefined();
    // The full-screen viewer's dialog (h-dvh) is not in the page's markup; the gallery (justified) is.
    expect(inline).toContain('.justified');
    expect(inline).not.toContain('.h-dvh');
    expect(res.headers.get('content-security-policy')).toContain(scriptHash(loader));

    const sheet = await fetch(`${site.url}${href}`);
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-type')).toMatch(/^text\/css/);
    expect(sheet.headers.get('cache-control')).toContain('immutable');
    const whole = await sheet.text();
    expect(whole).toContain('.h-dvh');
    expect(whole.length).toBeGreaterThan(inline.length);
    // The page loads it before it imports its scripts.
    expect(loader.indexOf('l.href=')).toBeLessThan(loader.indexOf('import(u)'));
  });

  it('arrives in one round trip, headers included, also when the owner writes at length', async () => {
    expect(await homeAsServed(site.url)).toBeLessThanOrEqual(INITIAL_WINDOW_BYTES);
    await writeLongOwnerTexts(site.url, PASSWORD);
    const html = await rawHtml(`${site.url}/`);
    expect(html.toString()).toContain(
      'Lough Tay at First Light, with Mist Lifting off the Water below Luggala Cliff',
    );
    expect(await homeAsServed(site.url)).toBeLessThanOrEqual(INITIAL_WINDOW_BYTES);
  });
});
