// Delivered JPEGs lose their GPS and camera serial numbers with their image data left byte for byte:
// only the header before the start of scan is rewritten.
import ExifReader from 'exifreader';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanHead, UnreadableJpeg } from '~/lib/galleries/gallery-location.server';
import { BODY_SERIAL, gpsJpeg } from '../../helpers/gallery-factories';

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

  it('refuses what is not a JPEG, or a header cut short', async () => {
    expect(() => cleanHead(Buffer.from('not a jpeg at all'))).toThrow(UnreadableJpeg);
    const jpeg = await gpsJpeg();
    expect(() => cleanHead(jpeg.subarray(0, 100), jpeg.length)).toThrow(UnreadableJpeg);
  });
});
