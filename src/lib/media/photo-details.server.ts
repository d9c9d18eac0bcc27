// The words a photographer has already written into a file, as Lightroom, Capture One or Photo
// Mechanic save them in IPTC and XMP: title, description, location and keywords. Read once at
// upload, they prefill the photo's fields, which the owner can still change before saving.
//
// libvips (sharp) finds the XMP packet and the IPTC records in a JPEG, PNG or TIFF from the file's
// header and directory, without decoding pixels or reading the file whole (a TIFF may keep them
// anywhere, often after hundreds of megabytes of pixels). ExifReader parses them: it reads blocks
// out of a file, so it is handed the two blocks in a minimal JPEG, one path for every format.
// A file whose metadata cannot be read simply prefills nothing.
import { DOMParser } from '@xmldom/xmldom';
import ExifReader from 'exifreader';
import sharp from 'sharp';
import type { ImageInput } from '~/lib/media/images.server';
import type { PhotoDetails } from '~/lib/media/photo-details';
import { CONTROL_CHARACTER } from '~/lib/platform/shared/control-characters';

export type { PhotoDetails };

/** The longest values the photo form takes (photoFormSchema), so a prefill always validates; keywords counts the joined text. */
const MAX = { title: 200, description: 2000, location: 200, keyword: 60, keywords: 1000 } as const;

const EMPTY: PhotoDetails = { title: '', description: '', location: '', keywords: [] };

const XMP_HEADER = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');
const PHOTOSHOP_HEADER = Buffer.from('Photoshop 3.0\0', 'latin1');
/** A JPEG segment holds at most 65,533 bytes after its length. */
const SEGMENT_MAX = 0xffff - 2;

function segment(marker: number, payload: Buffer): Buffer {
  if (payload.length > SEGMENT_MAX) return Buffer.alloc(0);
  const head = Buffer.alloc(4);
  head.writeUInt16BE(marker, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** IPTC as a JPEG's APP13 carries it: a JPEG's block as it is, a TIFF's bare records wrapped in resource 0x0404. */
function photoshopBlock(iptc: Buffer): Buffer {
  if (iptc.subarray(0, PHOTOSHOP_HEADER.length).equals(PHOTOSHOP_HEADER)) return iptc;
  const resource = Buffer.alloc(12);
  resource.write('8BIM', 0, 'latin1');
  resource.writeUInt16BE(0x0404, 4); // then an empty name (two zero bytes) and the length
  resource.writeUInt32BE(iptc.length, 8);
  return Buffer.concat([PHOTOSHOP_HEADER, resource, iptc, Buffer.alloc(iptc.length % 2)]);
}

/** A JPEG with no pixels that holds only the XMP and IPTC blocks, for ExifReader. */
function metadataOnlyJpeg(xmp: Buffer | undefined, iptc: Buffer | undefined): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    xmp ? segment(0xffe1, Buffer.concat([XMP_HEADER, xmp])) : Buffer.alloc(0),
    iptc ? segment(0xffed, photoshopBlock(iptc)) : Buffer.alloc(0),
    Buffer.from([0xff, 0xd9]),
  ]);
}

interface TagValue {
  value?: unknown;
  description?: unknown;
}
/** A tag as ExifReader gives it; IPTC gives a repeated tag (keywords) as a list. */
type Tag = TagValue | TagValue[] | undefined;

const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'g');

/** A tag's text (the first of a repeated one). */
function textOf(tag: Tag): string {
  const one = Array.isArray(tag) ? tag[0] : tag;
  return typeof one?.description === 'string' ? one.description : '';
}

/** One line of plain text: control characters gone, spaces collapsed, cut at `max` characters. */
function clean(text: unknown, max: number): string {
  if (typeof text !== 'string') return '';
  const plain = text.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  return plain.length > max ? plain.slice(0, max).trimEnd() : plain;
}

/** A language alternative (dc:title, dc:description): the default language, else the first. */
function altText(tag: Tag): string {
  if (!tag || Array.isArray(tag)) return textOf(tag);
  if (Array.isArray(tag.value)) {
    const items = tag.value as { value?: unknown; attributes?: { lang?: string } }[];
    const chosen = items.find((i) => i.attributes?.lang === 'x-default') ?? items[0];
    return typeof chosen?.value === 'string' ? chosen.value : '';
  }
  return typeof tag.description === 'string' ? tag.description : '';
}

/** A list (dc:subject's items, or IPTC keywords: one tag per keyword) as its items. */
function listOf(tag: Tag): string[] {
  if (!tag) return [];
  if (Array.isArray(tag)) return tag.flatMap((t) => listOf(t));
  const items = Array.isArray(tag.value) ? (tag.value as unknown[]) : [];
  if (items.length > 0 && items.every((i) => typeof i === 'object' && i !== null)) {
    return items.flatMap((i) => listOf(i as Tag));
  }
  return typeof tag.description === 'string' ? [tag.description] : [];
}

function firstOf(...texts: string[]): string {
  return texts.find((t) => t.trim() !== '') ?? '';
}

/** Place names from the most precise to the widest, each once. */
function joinPlaces(places: string[]): string {
  const seen = new Set<string>();
  const kept = places
    .map((p) => clean(p, MAX.location))
    .filter((p) => p !== '' && !seen.has(p.toLowerCase()) && seen.add(p.toLowerCase()));
  return clean(kept.join(', '), MAX.location);
}

/** The title, description, location and keywords written into an image (empty where there are none). */
export async function readPhotoDetails(input: ImageInput): Promise<PhotoDetails> {
  let xmp: Record<string, Tag> = {};
  let iptc: Record<string, Tag> = {};
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    if (!meta.xmp && !meta.iptc) return EMPTY;
    const tags = ExifReader.load(metadataOnlyJpeg(meta.xmp, meta.iptc), {
      expanded: true,
      includeTags: { xmp: true, iptc: true },
      domParser: new DOMParser(),
    });
    xmp = (tags.xmp ?? {}) as Record<string, Tag>;
    iptc = (tags.iptc ?? {}) as Record<string, Tag>;
  } catch {
    return EMPTY;
  }
  const keywords = new Map<string, string>();
  let length = 0;
  for (const k of [...listOf(xmp.subject), ...listOf(iptc.Keywords)]) {
    // Keywords are kept as one comma-separated text: a comma inside one would split it.
    const word = clean(k.replaceAll(',', ' '), MAX.keyword);
    if (!word || keywords.has(word.toLowerCase())) continue;
    length += word.length + 2;
    if (length > MAX.keywords) break;
    keywords.set(word.toLowerCase(), word);
  }
  return {
    title: clean(
      firstOf(altText(xmp.title), textOf(iptc['Object Name']), textOf(xmp.Headline), textOf(iptc.Headline)),
      MAX.title,
    ),
    description: clean(firstOf(altText(xmp.description), textOf(iptc['Caption/Abstract'])), MAX.description),
    location: joinPlaces([
      firstOf(textOf(xmp.Location), textOf(iptc['Sub-location'])),
      firstOf(textOf(xmp.City), textOf(iptc.City)),
      firstOf(textOf(xmp.State), textOf(iptc['Province/State'])),
      firstOf(textOf(xmp.Country), textOf(iptc['Country/Primary Location Name'])),
    ]),
    keywords: [...keywords.values()],
  };
}
