// The one rule of a gallery download, refusal by refusal: an unknown link (404), a link that is
// gone (410), a PIN not given (401), what is asked not in the gallery (the caller's 404, before
// the rights), a proofing gallery (403), an original where only web sizes are offered (403); and
// the count of downloads on the link: a ZIP at each request, a file only when it starts from its
// first byte.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  authorizeDownload,
  NO_DOWNLOADS_MESSAGE,
  WEB_SIZE_ONLY_MESSAGE,
} from '~/lib/galleries/authorize-download.server';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { galleryLinks } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeGallery, makeGalleryLink } from '~tests/helpers/gallery-factories';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const get = (headers: Record<string, string> = {}, method = 'GET') =>
  new Request('http://localhost/g/x/files/f/original', { method, headers });
const anything = () => 'the file';
const linkTo = (overrides: Parameters<typeof makeGallery>[1] = {}) =>
  makeGalleryLink(db, makeGallery(db, overrides).id);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
  return 'allowed';
};
const downloadsOf = (linkId: string) =>
  db.select().from(galleryLinks).where(eq(galleryLinks.id, linkId)).get()?.downloads;

describe('authorizeDownload refuses', () => {
  it('an unknown link (404) and a revoked one (410)', () => {
    expect(refusal(() => authorizeDownload(db, get(), 'A'.repeat(43), 'web', anything))).toEqual({
      status: 404,
      message: 'This gallery link is not known.',
    });
    const { token } = makeGalleryLink(db, makeGallery(db).id, { revokedAt: new Date(Date.now() - 1000) });
    expect(refusal(() => authorizeDownload(db, get(), token, 'web', anything))).toMatchObject({
      status: 410,
    });
  });

  it('a gallery with a PIN not given (401), before anything else is looked at', () => {
    const { token } = linkTo({ pin: '4821' });
    let looked = false;
    const find = () => {
      looked = true;
    };
    expect(refusal(() => authorizeDownload(db, get(), token, 'web', find))).toMatchObject({ status: 401 });
    expect(looked).toBe(false);
  });

  it('what is not in the gallery with the caller’s answer, before the gallery’s rights', () => {
    const { token } = linkTo({ downloads: 'none' });
    const missing = () => {
      throw new HttpError(404, 'This file is not in the gallery.');
    };
    expect(refusal(() => authorizeDownload(db, get(), token, 'original', missing))).toMatchObject({
      status: 404,
    });
  });

  it('every download while proofing, a ZIP as a file (403)', () => {
    const { token } = linkTo({ downloads: 'none', releasedAt: null });
    for (const ask of ['original', 'web', 'zip'] as const) {
      expect(refusal(() => authorizeDownload(db, get(), token, ask, anything))).toEqual({
        status: 403,
        message: NO_DOWNLOADS_MESSAGE,
      });
    }
  });

  it('an original where the owner offers web sizes only (403), not the web size or a ZIP', () => {
    const { token } = linkTo({ downloads: 'web' });
    expect(refusal(() => authorizeDownload(db, get(), token, 'original', anything))).toEqual({
      status: 403,
      message: WEB_SIZE_ONLY_MESSAGE,
    });
    expect(authorizeDownload(db, get(), token, 'web', anything).size).toBe('web');
    expect(authorizeDownload(db, get(), token, 'zip', anything).size).toBe('web');
  });
});

describe('authorizeDownload counts', () => {
  it('a ZIP at each request, a file only when it starts at its first byte', () => {
    const { token, link } = linkTo({ downloads: 'original' });
    const zip = authorizeDownload(db, get(), token, 'zip', anything);
    expect(zip).toMatchObject({ size: 'original', found: 'the file' });
    expect(downloadsOf(link.id)).toBe(0);
    zip.count();
    expect(downloadsOf(link.id)).toBe(1);
    authorizeDownload(db, get({ range: 'bytes=100-' }), token, 'original', anything).count();
    authorizeDownload(db, get({}, 'HEAD'), token, 'original', anything).count();
    expect(downloadsOf(link.id)).toBe(1);
    authorizeDownload(db, get({ range: 'bytes=0-' }), token, 'original', anything).count();
    authorizeDownload(db, get(), token, 'web', anything).count();
    expect(downloadsOf(link.id)).toBe(3);
  });
});
