// The owner's galleries as services over a real database: payloads refused with a sentence (PIN of
// exactly 4 digits or none, dates, downloads), created and changed without ever answering the PIN's
// hash, listed with counts, deleted with their files released; links made with a token shown once
// and stored only as its hash, revoked, mailed through the queue; and each recipient's selection as
// Lightroom's list and as CSV.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  createGallery,
  deleteGallery,
  deleteGalleryFile,
  galleryJson,
  listGalleries,
  updateGallery,
} from '~/lib/galleries/galleries.server';
import { createLink, linkJson, listLinks, mailLink, updateLink } from '~/lib/galleries/gallery-links.server';
import { lightroomList, selectionCsv, selectionOf } from '~/lib/galleries/gallery-selection.server';
import { hashLinkToken, pinMatches } from '~/lib/galleries/link-token.server';
import { galleryCreateSchema, galleryUpdateSchema, linkCreateSchema } from '~/lib/galleries/schemas';
import type { Db } from '~/lib/platform/server/db';
import { isHttpError } from '~/lib/platform/server/http/http';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { derivativeKey, mediaPrefix, originalKey } from '~/lib/platform/server/storage/storage';
import { galleryLinks } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makePhoto } from '~tests/helpers/factories';
import {
  makeFavourite,
  makeGallery,
  makeGalleryFile,
  makeGalleryLink,
} from '~tests/helpers/gallery-factories';
import { queuedMails } from '~tests/helpers/outbox';
import { expectStored, isStored, storedKeys, storeMediaFiles } from '~tests/helpers/stored';
import { testStorage } from '~tests/helpers/test-storage';

tempDataDir('galleries');
let db: Db;
beforeEach(() => {
  db = memoryDb();
});

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> | string {
  const r = schema.safeParse(input);
  return r.success ? r.data : (r.error.issues[0]?.message ?? 'refused');
}

function statusOf(fn: () => unknown): number | string {
  try {
    fn();
    return 'no error';
  } catch (err) {
    return isHttpError(err) ? err.status : String(err);
  }
}

const base = { title: 'Lough Dan wedding', clientName: 'Aoife Byrne' };

describe('gallery payloads', () => {
  it('takes a PIN of exactly 4 digits, or none', () => {
    expect(parse(galleryCreateSchema, { ...base, pin: '0427' })).toMatchObject({ pin: '0427' });
    expect(parse(galleryCreateSchema, { ...base, pin: '' })).toMatchObject({ pin: null });
    expect(parse(galleryCreateSchema, { ...base, pin: null })).toMatchObject({ pin: null });
    for (const pin of ['123', '12345', 'abcd', 1234, '12 4'])
      expect(parse(galleryCreateSchema, { ...base, pin })).toBe(
        'The PIN must be exactly 4 digits, or empty for none.',
      );
  });

  it('refuses a missing title, a bad e-mail, a bad date and an unknown download kind with a sentence', () => {
    expect(parse(galleryCreateSchema, { clientName: 'A' })).toBe('A gallery needs a title.');
    expect(parse(galleryCreateSchema, { ...base, clientEmail: 'nope' })).toBe(
      "The client's e-mail must be an e-mail address, or empty.",
    );
    expect(parse(galleryCreateSchema, { ...base, expiresOn: '2026-02-30' })).toMatch(/YYYY-MM-DD/);
    expect(parse(galleryCreateSchema, { ...base, shootDate: 'yesterday' })).toMatch(/YYYY-MM-DD/);
    expect(parse(galleryCreateSchema, { ...base, downloads: 'all' })).toMatch(/none \(proofing only\)/);
    expect(parse(galleryUpdateSchema, { title: '' })).toBe('A gallery needs a title.');
    expect(parse(linkCreateSchema, { recipientName: ' ' })).toBe("The recipient's name is needed.");
  });

  it('ends an expiry at the midnight after the last day, Irish time', () => {
    const out = parse(galleryCreateSchema, { ...base, expiresOn: '2026-07-31' });
    expect(typeof out === 'string' ? out : out.expiresOn?.toISOString()).toBe('2026-07-31T23:00:00.000Z');
  });
});

describe('galleries', () => {
  it('creates a gallery with its settings and answers whether it has a PIN, never the hash', () => {
    const input = galleryCreateSchema.parse({
      ...base,
      clientEmail: 'aoife@example.com',
      pin: '0427',
      expiresOn: '2026-12-31',
      downloads: 'web',
      watermark: false,
      stripLocation: false,
      printsAllowed: true,
    });
    const g = createGallery(db, input);
    expect(g.pinHash && pinMatches('0427', g.pinHash)).toBe(true);
    const json = galleryJson(g, new Date('2026-06-01T00:00:00Z'));
    expect(json).toMatchObject({
      title: 'Lough Dan wedding',
      hasPin: true,
      expiresOn: '2026-12-31',
      expired: false,
      downloads: 'web',
      watermark: false,
      stripLocation: false,
      printsAllowed: true,
      released: false,
    });
    expect(JSON.stringify(json)).not.toContain(g.pinHash);
    // The defaults: proofing only, watermarked, location stripped, no prints.
    expect(createGallery(db, galleryCreateSchema.parse(base))).toMatchObject({
      downloads: 'none',
      watermark: true,
      stripLocation: true,
      printsAllowed: false,
      pinHash: null,
    });
  });

  it('changes only the fields sent: the PIN kept when left out, removed with null; released once', () => {
    const g = createGallery(db, galleryCreateSchema.parse({ ...base, pin: '1111' }));
    const renamed = updateGallery(db, g.id, galleryUpdateSchema.parse({ title: 'Renamed' }));
    expect(renamed).toMatchObject({ title: 'Renamed', clientName: 'Aoife Byrne', pinHash: g.pinHash });
    expect(updateGallery(db, g.id, galleryUpdateSchema.parse({ pin: null })).pinHash).toBeNull();
    const t1 = new Date('2026-05-01T10:00:00Z');
    const released = updateGallery(db, g.id, { released: true }, t1);
    expect(released.releasedAt).toEqual(t1);
    expect(updateGallery(db, g.id, { released: true }, new Date('2026-05-02')).releasedAt).toEqual(t1);
    expect(statusOf(() => updateGallery(db, 'nope', { title: 'x' }))).toBe(404);
  });

  it('takes a cover only among the gallery’s own files', () => {
    const g = makeGallery(db);
    const other = makeGallery(db);
    const mine = makeGalleryFile(db, g.id);
    const theirs = makeGalleryFile(db, other.id);
    expect(updateGallery(db, g.id, { coverFileId: mine.id }).coverFileId).toBe(mine.id);
    expect(statusOf(() => updateGallery(db, g.id, { coverFileId: theirs.id }))).toBe(422);
  });

  it('lists galleries newest first with their files and links counted', () => {
    const older = makeGallery(db, { createdAt: new Date('2026-01-01') });
    const newer = makeGallery(db, { createdAt: new Date('2026-02-01') });
    makeGalleryFile(db, older.id);
    makeGalleryFile(db, older.id, {
      status: 'failed',
      error: 'This file is not a photo or video the site can read.',
    });
    makeGalleryFile(db, older.id, { status: 'processing' });
    makeGalleryLink(db, older.id);
    const list = listGalleries(db);
    expect(list.map((g) => g.id)).toEqual([newer.id, older.id]);
    expect(list[1]?.counts).toEqual({ files: 3, ready: 1, failed: 1, links: 1 });
    expect(list[0]?.counts).toEqual({ files: 0, ready: 0, failed: 0, links: 0 });
  });

  it('says an expired gallery is expired and keeps it', () => {
    const g = makeGallery(db, { expiresAt: new Date('2026-01-01') });
    expect(galleryJson(g, new Date('2026-01-02')).expired).toBe(true);
    expect(listGalleries(db).map((x) => x.id)).toContain(g.id);
  });

  it('deletes a gallery with its links, and releases its photos’ files but not a file the shop still uses', async () => {
    const g = makeGallery(db);
    const own = makeGalleryFile(db, g.id);
    const shared = makeGalleryFile(db, g.id);
    makePhoto(db, { mediaId: shared.mediaId });
    for (const f of [own, shared]) await storeMediaFiles(f.mediaId as string, 'jpg', 'private');
    makeGalleryLink(db, g.id);
    expect(await deleteGallery(db, g.id)).toEqual({ filesRemoved: 1 });
    expect(await isStored(originalKey(own.mediaId as string, 'jpg'))).toBe(false);
    // A gallery's derivatives are private (galleries/media/): they go with it too.
    expect(await storedKeys(mediaPrefix(own.mediaId as string, 'private'))).toEqual([]);
    await expectStored(originalKey(shared.mediaId as string, 'jpg'));
    await expectStored(derivativeKey(shared.mediaId as string, 640, 'jpg', 'private'));
    expect(db.select().from(galleryLinks).all()).toEqual([]);
    await expect(deleteGallery(db, g.id)).rejects.toMatchObject({ status: 404 });
  });

  it('deletes one file only through its own gallery', async () => {
    const g = makeGallery(db);
    const other = makeGallery(db);
    const f = makeGalleryFile(db, g.id);
    await storeMediaFiles(f.mediaId as string);
    await expect(deleteGalleryFile(db, other.id, f.id)).rejects.toMatchObject({ status: 404 });
    await expectStored(originalKey(f.mediaId as string, 'jpg'));
    updateGallery(db, g.id, { coverFileId: f.id });
    await deleteGalleryFile(db, g.id, f.id);
    expect(await isStored(originalKey(f.mediaId as string, 'jpg'))).toBe(false);
    expect(listGalleries(db)[0]).toMatchObject({ coverFileId: null });
  });
});

describe('deleting from the store', () => {
  it('removes a file’s original and streamable copy by their keys, then a gallery’s, and no other gallery’s', async () => {
    const store = getStorage();
    // The S3 run deletes from its bucket: nothing of this test is a file on this machine.
    expect(store.kind).toBe(testStorage());
    const g = makeGallery(db);
    const video = makeGalleryFile(db, g.id, {
      kind: 'video',
      mediaId: null,
      originalKey: 'galleries/clip00001.mp4',
      streamKey: 'galleries/clip00001-stream.mp4',
    });
    const photo = makeGalleryFile(db, g.id, { mediaId: null, originalKey: 'galleries/still0001.jpg' });
    const kept = makeGalleryFile(db, makeGallery(db).id, {
      mediaId: null,
      originalKey: 'galleries/kept0001.jpg',
    });
    const keys = [video.originalKey, video.streamKey as string, photo.originalKey, kept.originalKey];
    for (const key of keys) await store.put(key, Buffer.from('bytes'));
    const stored = async () => {
      const found = await Promise.all(keys.map((key) => store.head(key)));
      return keys.filter((_, i) => found[i] !== null);
    };
    await deleteGalleryFile(db, g.id, video.id);
    expect(await stored()).toEqual([photo.originalKey, kept.originalKey]);
    await deleteGallery(db, g.id);
    expect(await stored()).toEqual([kept.originalKey]);
  });
});

describe('links', () => {
  it('makes a link of at least 128 bits whose token is answered once and stored only as its hash', () => {
    const g = makeGallery(db);
    const { link, token, url } = createLink(db, g.id, { recipientName: 'Ciara' });
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(url).toMatch(new RegExp(`/g/${token}$`));
    expect(link.tokenHash).toBe(hashLinkToken(token));
    const stored = JSON.stringify(db.select().from(galleryLinks).all());
    expect(stored).not.toContain(token);
    expect(JSON.stringify(linkJson(link, g, new Date()))).not.toContain(link.tokenHash);
    expect(statusOf(() => createLink(db, 'nope', { recipientName: 'x' }))).toBe(404);
  });

  it('revokes a link at once, restores it, and changes its expiry', () => {
    const g = makeGallery(db);
    const { link } = createLink(db, g.id, { recipientName: 'Ciara' });
    const now = new Date('2026-03-01T12:00:00Z');
    const revoked = updateLink(db, g.id, link.id, { revoked: true }, now);
    expect(linkJson(revoked, g, now).state).toBe('revoked');
    expect(linkJson(updateLink(db, g.id, link.id, { revoked: false }, now), g, now).state).toBe('open');
    const expired = updateLink(db, g.id, link.id, { expiresOn: new Date('2026-02-01') }, now);
    expect(linkJson(expired, g, now).state).toBe('expired');
    // A link reached through another gallery's address is not found.
    const other = makeGallery(db);
    expect(statusOf(() => updateLink(db, other.id, link.id, { revoked: true }))).toBe(404);
  });

  it('lists links with their views, downloads and favourites', () => {
    const g = makeGallery(db);
    const { link } = makeGalleryLink(db, g.id, {
      views: 4,
      downloads: 2,
      lastVisitAt: new Date('2026-03-02'),
    });
    makeGalleryLink(db, g.id);
    for (const f of [makeGalleryFile(db, g.id), makeGalleryFile(db, g.id)]) makeFavourite(db, link.id, f.id);
    const [first, second] = listLinks(db, g.id).map((l) => linkJson(l, g, new Date('2026-03-03')));
    expect(first).toMatchObject({
      views: 4,
      downloads: 2,
      favourites: 2,
      lastVisitAt: '2026-03-02T00:00:00.000Z',
    });
    expect(second).toMatchObject({ favourites: 0 });
  });

  it('mails a link through the queue, on creation or later with the token shown, never with another token', () => {
    const g = makeGallery(db, { title: 'Glendalough', pinHash: 'x'.repeat(64) });
    const made = createLink(db, g.id, {
      recipientName: 'Ciara',
      recipientEmail: 'ciara@example.com',
      mail: true,
    });
    const [mail] = queuedMails(db);
    expect(mail?.to).toBe('ciara@example.com');
    expect(mail?.subject).toBe('Your photos: Glendalough');
    expect(mail?.text).toContain(made.url);
    expect(mail?.text).toContain('PIN');
    mailLink(db, g.id, made.link.id, made.token);
    expect(queuedMails(db)).toHaveLength(2);
    const { token: otherToken } = makeGalleryLink(db, g.id);
    expect(statusOf(() => mailLink(db, g.id, made.link.id, otherToken))).toBe(422);
    const noMail = createLink(db, g.id, { recipientName: 'Seán' });
    expect(statusOf(() => mailLink(db, g.id, noMail.link.id, noMail.token))).toBe(422);
    updateLink(db, g.id, made.link.id, { revoked: true });
    expect(statusOf(() => mailLink(db, g.id, made.link.id, made.token))).toBe(409);
    expect(queuedMails(db)).toHaveLength(2);
  });
});

describe('a recipient’s selection', () => {
  it('lists the hearted files with notes in the gallery’s order, as Lightroom’s list and as CSV', () => {
    const g = makeGallery(db);
    const a = makeGalleryFile(db, g.id, { fileName: 'DJI_0001.JPG', sortOrder: 1 });
    const b = makeGalleryFile(db, g.id, { fileName: 'IMG_0002.jpg', sortOrder: 2 });
    makeGalleryFile(db, g.id, { fileName: 'IMG_0003.jpg', sortOrder: 3 });
    const { link } = makeGalleryLink(db, g.id);
    makeFavourite(db, link.id, b.id, '=HYPERLINK("x"), warmer please');
    makeFavourite(db, link.id, a.id);
    const files = selectionOf(db, g.id, link.id);
    expect(files.map((f) => f.fileName)).toEqual(['DJI_0001.JPG', 'IMG_0002.jpg']);
    expect(lightroomList(files)).toBe('DJI_0001.JPG, IMG_0002.jpg');
    expect(selectionCsv(files)).toBe(
      'file name,note\r\nDJI_0001.JPG,\r\nIMG_0002.jpg,"\'=HYPERLINK(""x""), warmer please"\r\n',
    );
    expect(statusOf(() => selectionOf(db, makeGallery(db).id, link.id))).toBe(404);
  });
});
