// A print file reaches the lab over HTTP on the built server, and nothing else does: made from a
// stored original at a print area, it is answered at its signed address (GET and HEAD, the bytes
// whose MD5 the lab is given), while a changed, expired or foreign token, another stored file, and
// a file deleted since are each refused with their status and a sentence. Writes are the owner's.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletePrintFiles, makePrintFile, type PrintFile } from '~/lib/lab/print-file.server';
import { PRINT_FILE_URL_PATH, printFileUrl } from '~/lib/lab/print-file-url.server';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { gpsJpeg } from '../helpers/gallery-factories';
import { type RunningServer, startServer } from '../helpers/server';
import { inSiteStore } from '../helpers/test-storage';

let site: RunningServer;
let made: PrintFile;
let url: string;
let expired: string;
const ORIGINAL = 'originals/lab-test-original.jpg';

beforeAll(async () => {
  site = await startServer();
  await inSiteStore(site.dataDir, async () => {
    await getStorage().put(ORIGINAL, await gpsJpeg('#2f6b4f', 1500, 1000));
    made = await makePrintFile(
      ORIGINAL,
      { orderId: 'ord-lab-1', lineId: 'line-1' },
      { widthPx: 600, heightPx: 900 },
      'fillPrintArea',
    );
    url = printFileUrl(made.key, { siteUrl: site.url });
    expired = printFileUrl(made.key, { siteUrl: site.url, now: Date.now() - 8 * 24 * 3600_000 });
  });
});
afterAll(async () => {
  await site?.stop();
});

const pathOf = (u: string) => new URL(u).pathname;

describe('a print file at its signed address', () => {
  it('is the file the lab was told of: its size in the photo’s orientation, its MD5, no metadata', async () => {
    expect(made).toMatchObject({ widthPx: 900, heightPx: 600 });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(made.bytes);
    expect(createHash('md5').update(bytes).digest('hex')).toBe(made.md5);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([900, 600, undefined]);

    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(made.bytes));
  });

  it('refuses a changed, cut or foreign token with a sentence, and an expired one with 410', async () => {
    const token = pathOf(url).slice(PRINT_FILE_URL_PATH.length);
    const [key, exp, sig] = token.split('.') as [string, string, string];
    const original = Buffer.from(ORIGINAL).toString('base64url');
    for (const bad of [
      `${key}.${Number(exp) + 60}.${sig}`,
      `${key}.${exp}`,
      `${original}.${exp}.${sig}`,
      'x',
    ]) {
      const res = await fetch(`${site.url}${PRINT_FILE_URL_PATH}${bad}`);
      expect(res.status, bad).toBe(403);
      expect((await res.json()).message).toBe('This print file link is not valid.');
    }
    const old = await fetch(expired);
    expect(old.status).toBe(410);
    expect((await old.json()).message).toMatch(/has expired/);
  });

  it('gives nothing for writes, another method or a path around it', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await fetch(url, { method, headers: { origin: site.url } });
      expect([401, 403, 404, 405], method).toContain(res.status);
    }
    const around = await fetch(
      `${site.url}${PRINT_FILE_URL_PATH}..%2F..%2Foriginals%2Flab-test-original.jpg`,
    );
    expect([400, 403, 404]).toContain(around.status);
  });

  it('is gone once the order’s print files are deleted', async () => {
    await inSiteStore(site.dataDir, () => deletePrintFiles('ord-lab-1'));
    const res = await fetch(url);
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('This print file is no longer kept.');
  });
});
