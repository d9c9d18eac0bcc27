// Delivered JPEGs lose their GPS and camera serial numbers with their image data left byte for byte:
// only the header before the start of scan is rewritten.
import ExifReader from 'exifreader';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanHead, UnreadableJpeg } from '~/lib/galleries/gallery-location.server';
import { BODY_SERIAL, gpsJpeg } from '~tests/helpers/gallery-factories';

const deliver = (jpeg: Buffer) => {
  const { head, restOffset } = cleanHead(jpeg);
  return Buffer.concat([head, jpeg.subarray(restOffset)]);
};
const scan = (jpeg: Buffer) => jpeg.subarray(jpeg.indexOf(Buffer.from([0xff, 0xda])));

describe('cleanHead', () => {
  it('takes out GPS and the serial number, keeps the camera and the image data', async () => {
    const jpeg = await gpsJpeg();
    expect(Object.keys(ExifReader.load(jpeg)).some((k) => k.startsWith('GPS'))).toBe(true);
    const out = deliver(jpeg);
    const tags = ExifReader.load(out);
    expect(Object.keys(tags).filter((k) => k.startsWith('GPS'))).toEqual([]);
    expect(tags.BodySerialNumber).toBeUndefined();
    expect(out.includes(Buffer.from(BODY_SERIAL))).toBe(false);
    expect(tags.Make?.description).toBe('DJI');
    expect(scan(out).equals(scan(jpeg))).toBe(true);
    expect((await sharp(out).metadata()).width).toBe(1600);
  });

  it('drops XMP, which repeats the location in words', async () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="53,5.03N"/></rdf:RDF></x:xmpmeta>';
    const jpeg = await sharp(await gpsJpeg())
      .withXmp(xmp)
      .jpeg()
      .toBuffer();
    expect(jpeg.includes(Buffer.from('GPSLatitude'))).toBe(true);
    expect(deliver(jpeg).includes(Buffer.from('GPSLatitude'))).toBe(false);
  });

  it('takes out the EXIF thumbnail, a second image with metadata of its own', async () => {
    const thumbnail = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      Buffer.from('SN-THUMB-4410'),
      Buffer.from([0xff, 0xd9]),
    ]);
    // A little-endian TIFF block: IFD0 (Make) and IFD1 pointing at the thumbnail's bytes.
    const tiff = Buffer.alloc(8 + 18 + 30 + thumbnail.length);
    tiff.write('II*\0', 0, 'latin1');
    tiff.writeUInt32LE(8, 4);
    tiff.writeUInt16LE(1, 8);
    tiff.writeUInt16LE(0x010f, 10); // Make, ASCII, 4 bytes inline
    tiff.writeUInt16LE(2, 12);
    tiff.writeUInt32LE(4, 14);
    tiff.write('DJI\0', 18, 'latin1');
    tiff.writeUInt32LE(26, 22); // next: IFD1
    tiff.writeUInt16LE(2, 26);
    const thumbAt = 26 + 30;
    for (const [i, [tag, value]] of [
      [0x0201, thumbAt],
      [0x0202, thumbnail.length],
    ].entries()) {
      const at = 28 + (i as number) * 12;
      tiff.writeUInt16LE(tag as number, at);
      tiff.writeUInt16LE(4, at + 2);
      tiff.writeUInt32LE(1, at + 4);
      tiff.writeUInt32LE(value as number, at + 8);
    }
    thumbnail.copy(tiff, thumbAt);
    const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0, 0]), body]);
    app1.writeUInt16BE(body.length + 2, 2);
    const plain = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const jpeg = Buffer.concat([plain.subarray(0, 2), app1, plain.subarray(2)]);
    expect(ExifReader.load(jpeg).Thumbnail).toBeDefined();
    const out = deliver(jpeg);
    expect(out.includes(Buffer.from('SN-THUMB-4410'))).toBe(false);
    const tags = ExifReader.load(out);
    expect(tags.Thumbnail).toBeUndefined();
    expect(tags.Make?.description).toBe('DJI');
  });

  it('refuses what is not a JPEG, or a header cut short', async () => {
    expect(() => cleanHead(Buffer.from('not a jpeg at all'))).toThrow(UnreadableJpeg);
    const jpeg = await gpsJpeg();
    expect(() => cleanHead(jpeg.subarray(0, 100), jpeg.length)).toThrow(UnreadableJpeg);
  });
});
