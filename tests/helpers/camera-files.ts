// Camera-like photo files for tests, made with sharp each time (nothing binary is committed):
// a JPEG with XMP, a JPEG with IPTC, 16-bit TIFF and PNG files. Shared by vitest and Playwright.
import sharp from 'sharp';

export interface WrittenDetails {
  title?: string;
  description?: string;
  keywords?: string[];
  sublocation?: string;
  city?: string;
  state?: string;
  country?: string;
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An XMP packet as Lightroom writes one: dc:title, dc:description, dc:subject and the IPTC location. */
export function xmpPacket(d: WrittenDetails): string {
  const attr = (name: string, v?: string) => (v ? ` ${name}="${escapeXml(v)}"` : '');
  const alt = (name: string, v?: string) =>
    v ? `<${name}><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(v)}</rdf:li></rdf:Alt></${name}>` : '';
  const bag = d.keywords?.length
    ? `<dc:subject><rdf:Bag>${d.keywords.map((k) => `<rdf:li>${escapeXml(k)}</rdf:li>`).join('')}</rdf:Bag></dc:subject>`
    : '';
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"${attr('Iptc4xmpCore:Location', d.sublocation)}${attr('photoshop:City', d.city)}${attr('photoshop:State', d.state)}${attr('photoshop:Country', d.country)}>
${alt('dc:title', d.title)}${alt('dc:description', d.description)}${bag}
</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
}

function plain(width: number, height: number, color: string) {
  return sharp({ create: { width, height, channels: 3, background: color } });
}

/** A JPEG with the details in its XMP. */
export function jpegWithXmp(d: WrittenDetails, width = 1200, height = 800): Promise<Buffer> {
  return plain(width, height, '#5d7f8a').withXmp(xmpPacket(d)).jpeg().toBuffer();
}

/**
 * A JPEG with the details in IPTC-IIM records (APP13, as Photo Mechanic and older tools write them),
 * in UTF-8 (record 1:90 says so). Built byte by byte: sharp writes XMP but not IPTC.
 */
export async function jpegWithIptc(d: WrittenDetails, width = 1200, height = 800): Promise<Buffer> {
  const record = (set: number, tag: number, text: string) => {
    const data = Buffer.from(text, 'utf8');
    const head = Buffer.from([0x1c, set, tag, 0, 0]);
    head.writeUInt16BE(data.length, 3);
    return Buffer.concat([head, data]);
  };
  const records = Buffer.concat([
    Buffer.from([0x1c, 1, 90, 0, 3, 0x1b, 0x25, 0x47]), // coded character set: UTF-8
    d.title ? record(2, 5, d.title) : Buffer.alloc(0),
    ...(d.keywords ?? []).map((k) => record(2, 25, k)),
    d.city ? record(2, 90, d.city) : Buffer.alloc(0),
    d.sublocation ? record(2, 92, d.sublocation) : Buffer.alloc(0),
    d.state ? record(2, 95, d.state) : Buffer.alloc(0),
    d.country ? record(2, 101, d.country) : Buffer.alloc(0),
    d.description ? record(2, 120, d.description) : Buffer.alloc(0),
  ]);
  const resource = Buffer.alloc(12);
  resource.write('8BIM', 0, 'latin1');
  resource.writeUInt16BE(0x0404, 4);
  resource.writeUInt32BE(records.length, 8);
  const payload = Buffer.concat([
    Buffer.from('Photoshop 3.0\0', 'latin1'),
    resource,
    records,
    Buffer.alloc(records.length % 2),
  ]);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xffed, 0);
  segment.writeUInt16BE(payload.length + 2, 2);
  const jpeg = await plain(width, height, '#6a7d5d').jpeg().toBuffer();
  return Buffer.concat([jpeg.subarray(0, 2), segment, payload, jpeg.subarray(2)]);
}

/** A 16-bit RGB TIFF (uncompressed, as raw converters export), with XMP when details are given. */
export function tiff16(
  width: number,
  height: number,
  opts: { details?: WrittenDetails; color?: string } = {},
) {
  let img = plain(width, height, opts.color ?? '#446688').toColourspace('rgb16');
  if (opts.details) img = img.withXmp(xmpPacket(opts.details));
  // JPEG compression (sharp's default for TIFF) would make it 8-bit.
  return img.tiff({ compression: 'none' }).toBuffer();
}

/** A 16-bit RGB PNG. */
export function png16(width: number, height: number, color = '#446688'): Promise<Buffer> {
  return plain(width, height, color).toColourspace('rgb16').png().toBuffer();
}
