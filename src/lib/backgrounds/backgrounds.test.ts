// Section backgrounds: set from a gallery photo, an uploaded image or an https: image (fetched and
// processed like an upload), one per section; replacing or removing one releases the files it no
// longer uses, but never a gallery photo's. The URL rules are the shared schema's.
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  deleteBackgroundImage,
  getSectionBackground,
  setBackgroundImage,
} from '~/lib/backgrounds/backgrounds.server';
import { backgroundImageSchema } from '~/lib/backgrounds/schemas';
import { processPhoto } from '~/lib/media/images.server';
import type { Db } from '~/lib/platform/server/db';
import { findOriginal } from '~/lib/platform/server/storage/storage';
import { backgroundImages } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makePhoto, makeUpload } from '~tests/helpers/factories';

tempDataDir('backgrounds');

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const jpeg = (background = '#6d7f5a', width = 1400, height = 900) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
const onDisk = (mediaId: string | null) => Boolean(mediaId && findOriginal(mediaId));
const remote = (bytes: Buffer | Promise<Buffer>) => ({ fetchImage: async () => bytes });

/** A gallery photo whose files really exist. */
async function galleryPhoto() {
  const media = await processPhoto(await jpeg('#334455'), { avif: 'defer' });
  return makePhoto(db, {
    mediaId: media.mediaId,
    width: media.width,
    height: media.height,
    imageUrl: `/media/${media.mediaId}/1280.jpg`,
  });
}

describe('the image address', () => {
  const parse = (imageUrl: string) => backgroundImageSchema.safeParse({ section: 'hero', imageUrl });
  const problem = (imageUrl: string) => {
    const r = parse(imageUrl);
    return r.success ? null : r.error.issues[0]?.message;
  };

  it.each(['/media/abcdefgh/1920.jpg', '/objects/uploads/abcdefgh12', 'https://images.example.org/lake.jpg'])(
    'accepts %s',
    (url) => {
      expect(parse(url).success).toBe(true);
    },
  );

  it('refuses javascript:, data:, plain http:, other schemes and credentials, each with a reason', () => {
    expect(problem('javascript:alert(1)')).toMatch(/javascript: addresses are not allowed/);
    expect(problem('JaVaScRiPt:alert(1)')).toMatch(/javascript: addresses are not allowed/);
    expect(problem('data:image/png;base64,iVBORw0KGgo=')).toMatch(/data: addresses are not allowed/);
    expect(problem('http://images.example.org/lake.jpg')).toMatch(
      /Plain http:\/\/ addresses are not allowed/,
    );
    expect(problem('ftp://images.example.org/lake.jpg')).toMatch(/ftp: addresses are not allowed/);
    expect(problem('https://me:pw@images.example.org/lake.jpg')).toMatch(/user name or password/);
    expect(problem('//evil.example/lake.jpg')).toMatch(/not an image of this site/);
    expect(problem('/etc/passwd')).toMatch(/not an image of this site/);
    expect(problem('/media/../../site.sqlite')).toMatch(/not an image of this site/);
    expect(problem('https://images.example.org/a b.jpg')).toMatch(/spaces/);
    expect(problem('')).toBe('Please enter an image URL');
  });

  it('refuses an unknown section', () => {
    expect(
      backgroundImageSchema.safeParse({ section: 'footer', imageUrl: '/media/abcdefgh/1.jpg' }).success,
    ).toBe(false);
  });
});

describe('setting a background', () => {
  it('from a gallery photo keeps the photo media and its facts', async () => {
    const photo = await galleryPhoto();
    const saved = await setBackgroundImage(db, {
      section: 'about',
      imageUrl: photo.imageUrl,
      altText: 'Lake',
    });
    expect(saved).toMatchObject({
      section: 'about',
      altText: 'Lake',
      mediaId: photo.mediaId,
      width: photo.width,
      height: photo.height,
      dominantColor: photo.dominantColor,
      placeholder: photo.placeholder,
      imageUrl: `/media/${photo.mediaId}/1280.jpg`,
    });
  });

  it('from an uploaded image, by its object address', async () => {
    const upload = makeUpload(db, { kind: 'image', width: 3000, height: 2000 });
    const saved = await setBackgroundImage(db, {
      section: 'shop',
      imageUrl: `/objects/uploads/${upload.id}`,
    });
    expect(saved).toMatchObject({
      mediaId: upload.mediaId,
      width: 3000,
      height: 2000,
      imageUrl: `/media/${upload.mediaId}/1920.jpg`,
      altText: null,
    });
  });

  it('from an https image: fetched, processed like an upload, its facts stored', async () => {
    const saved = await setBackgroundImage(
      db,
      { section: 'hero', imageUrl: 'https://images.example.org/lake.jpg' },
      remote(jpeg('#203040', 1600, 1000)),
    );
    expect(saved.width).toBe(1600);
    expect(saved.height).toBe(1000);
    expect(saved.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(saved.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(saved.imageUrl).toBe(`/media/${saved.mediaId}/1280.jpg`);
    expect(onDisk(saved.mediaId)).toBe(true);
  });

  it('keeps one background per section: a second one replaces the first', async () => {
    const a = makeUpload(db, { kind: 'image' });
    const b = makeUpload(db, { kind: 'image' });
    await setBackgroundImage(db, { section: 'gallery', imageUrl: `/objects/uploads/${a.id}` });
    await setBackgroundImage(db, { section: 'gallery', imageUrl: `/objects/uploads/${b.id}` });
    const rows = db.select().from(backgroundImages).all();
    expect(rows).toHaveLength(1);
    expect(getSectionBackground(db, 'gallery')?.mediaId).toBe(b.mediaId);
  });

  it('refuses an image this site does not have, and an https answer that is not an image; nothing is saved', async () => {
    await expect(
      setBackgroundImage(db, { section: 'hero', imageUrl: '/media/unknown123/1920.jpg' }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      setBackgroundImage(db, { section: 'hero', imageUrl: '/objects/uploads/unknown123' }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      setBackgroundImage(
        db,
        { section: 'hero', imageUrl: 'https://images.example.org/page' },
        remote(Buffer.from('<html><body>not an image</body></html>')),
      ),
    ).rejects.toMatchObject({ status: 415 });
    expect(db.select().from(backgroundImages).all()).toEqual([]);
  });

  it('keeps the saved background when a replacement is refused', async () => {
    const photo = await galleryPhoto();
    await setBackgroundImage(db, { section: 'contact', imageUrl: photo.imageUrl });
    await expect(
      setBackgroundImage(db, { section: 'contact', imageUrl: '/media/unknown123/1920.jpg' }),
    ).rejects.toMatchObject({ status: 400 });
    expect(getSectionBackground(db, 'contact')?.mediaId).toBe(photo.mediaId);
  });
});

describe('files of a replaced or removed background', () => {
  it('are removed when nothing else uses them', async () => {
    const first = await setBackgroundImage(
      db,
      { section: 'hero', imageUrl: 'https://images.example.org/a.jpg' },
      remote(jpeg('#102030')),
    );
    const second = await setBackgroundImage(
      db,
      { section: 'hero', imageUrl: 'https://images.example.org/b.jpg' },
      remote(jpeg('#405060')),
    );
    expect(onDisk(first.mediaId)).toBe(false);
    expect(onDisk(second.mediaId)).toBe(true);
    await deleteBackgroundImage(db, second.id);
    expect(onDisk(second.mediaId)).toBe(false);
    expect(getSectionBackground(db, 'hero')).toBeNull();
  });

  it("stay when they are a gallery photo's", async () => {
    const photo = await galleryPhoto();
    const bg = await setBackgroundImage(db, { section: 'about', imageUrl: photo.imageUrl });
    await setBackgroundImage(
      db,
      { section: 'about', imageUrl: 'https://images.example.org/c.jpg' },
      remote(jpeg()),
    );
    expect(onDisk(photo.mediaId)).toBe(true);
    const replaced = getSectionBackground(db, 'about');
    await deleteBackgroundImage(db, replaced?.id ?? '');
    expect(onDisk(photo.mediaId)).toBe(true);
    expect(bg.mediaId).toBe(photo.mediaId);
  });

  it('stay when another section shows the same image', async () => {
    const first = await setBackgroundImage(
      db,
      { section: 'hero', imageUrl: 'https://images.example.org/d.jpg' },
      remote(jpeg()),
    );
    const other = await setBackgroundImage(db, { section: 'shop', imageUrl: first.imageUrl });
    expect(other.mediaId).toBe(first.mediaId);
    await deleteBackgroundImage(db, first.id);
    expect(onDisk(first.mediaId)).toBe(true);
  });

  it('a missing background is a 404', async () => {
    await expect(deleteBackgroundImage(db, 'no-such-id')).rejects.toMatchObject({ status: 404 });
  });
});
