// Reading the words a photographer wrote into a file (XMP and IPTC) to prefill a new photo's
// fields, and recognising the allowed upload types from their bytes. Files are made here.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCEPTED_TYPES } from '~/lib/media/accepted-types.server';
import { detectFileType } from '~/lib/media/file-types.server';
import { readPhotoDetails } from '~/lib/media/photo-details.server';
import { jpegWithIptc, jpegWithXmp, png16, tiff16 } from '~tests/helpers/camera-files';

const work = mkdtempSync(join(tmpdir(), 'photo-details-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const GLENDALOUGH = {
  title: 'Upper Lake at dawn — Glendalough',
  description: 'Mist on the water before sunrise.',
  keywords: ['lake', 'mist', 'Wicklow Mountains'],
  sublocation: 'Glendalough Upper Lake',
  city: 'Laragh',
  state: 'Co. Wicklow',
  country: 'Ireland',
};
const EXPECTED = {
  title: 'Upper Lake at dawn — Glendalough',
  description: 'Mist on the water before sunrise.',
  location: 'Glendalough Upper Lake, Laragh, Co. Wicklow, Ireland',
  keywords: ['lake', 'mist', 'Wicklow Mountains'],
};

describe('readPhotoDetails', () => {
  it('reads title, description, location and keywords from a JPEG’s XMP', async () => {
    expect(await readPhotoDetails(await jpegWithXmp(GLENDALOUGH))).toEqual(EXPECTED);
  });

  it('reads them from a JPEG’s IPTC records, in UTF-8', async () => {
    expect(await readPhotoDetails(await jpegWithIptc(GLENDALOUGH))).toEqual(EXPECTED);
  });

  it('reads them from a 16-bit TIFF on disk, whose XMP sits after the pixels', async () => {
    const file = join(work, 'master.tif');
    writeFileSync(file, await tiff16(600, 400, { details: GLENDALOUGH }));
    expect(await readPhotoDetails(file)).toEqual(EXPECTED);
  });

  it('prefills nothing for a file without them, or one it cannot read', async () => {
    const empty = { title: '', description: '', location: '', keywords: [] };
    expect(await readPhotoDetails(await png16(40, 30))).toEqual(empty);
    expect(await readPhotoDetails(Buffer.from('not an image at all'))).toEqual(empty);
  });

  it('keeps values within the form’s limits, on one line, each keyword once and without commas', async () => {
    const details = await readPhotoDetails(
      await jpegWithXmp({
        title: `Sugar Loaf\n${'x'.repeat(300)}`,
        keywords: ['Bray, Co. Wicklow', 'sea', 'Sea', ''],
        city: 'Bray',
        state: 'bray',
      }),
    );
    expect(details.title).toMatch(/^Sugar Loaf x+$/);
    expect(details.title).toHaveLength(200);
    expect(details.keywords).toEqual(['Bray Co. Wicklow', 'sea']);
    expect(details.location).toBe('Bray');
  });
});

describe('upload types from the bytes', () => {
  const head = async (img: Promise<Buffer>) => new Uint8Array((await img).subarray(0, 16));

  it('knows TIFF (both byte orders), JPEG and PNG, whatever the file is called', async () => {
    expect(detectFileType(await head(tiff16(8, 8)))?.mime).toBe('image/tiff');
    expect(detectFileType(new Uint8Array(Buffer.from('MM\0*\0\0\0\x08abcdefgh', 'latin1')))?.mime).toBe(
      'image/tiff',
    );
    expect(detectFileType(await head(jpegWithXmp({}, 8, 8)))?.mime).toBe('image/jpeg');
    expect(detectFileType(await head(png16(8, 8)))?.mime).toBe('image/png');
  });

  it('knows no text, even one saying it is a TIFF', () => {
    expect(detectFileType(new Uint8Array(Buffer.from('II* this is only text, not a TIFF')))).toBeNull();
    expect(detectFileType(new Uint8Array(Buffer.from('hello, I am photo.tif really')))).toBeNull();
  });

  it('takes JPEG, PNG and TIFF as photo originals, and keeps TIFF out of the other image uploads', async () => {
    const tif = detectFileType(await head(tiff16(8, 8)));
    const gif = detectFileType(
      new Uint8Array(
        await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      ),
    );
    expect(ACCEPTED_TYPES.photo.mimes).toContain(tif?.mime);
    expect(ACCEPTED_TYPES.photo.mimes).not.toContain(gif?.mime);
    expect(ACCEPTED_TYPES.image.mimes).not.toContain(tif?.mime);
    expect(ACCEPTED_TYPES.image.mimes).toContain(gif?.mime);
  });
});
