import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripVideoMetadata } from '~/lib/media/video/video-metadata.server';

/** An ISO-BMFF box: 32-bit size, 4-character type, payload. */
const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};

const GPS = '+53.0918-006.2471/';

function droneLikeMp4(): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2', 'latin1'));
  const xyz = box('\xa9xyz', Buffer.from(`\0\x12\x15\xc7${GPS}`, 'latin1'));
  const udta = box('udta', xyz);
  const meta = box(
    'meta',
    Buffer.alloc(4),
    box('hdlr', Buffer.alloc(25)),
    box('ilst', Buffer.from(`location ${GPS}`)),
  );
  const trak = box(
    'trak',
    box('tkhd', Buffer.alloc(84)),
    box('udta', box('name', Buffer.from('DJI camera serial 1234'))),
  );
  const moov = box('moov', box('mvhd', Buffer.alloc(100)), trak, udta, meta);
  const xmp = box(
    'uuid',
    Buffer.from('BE7ACFCB97A942E89C71999491E3AFAC<x:xmpmeta>GPS</x:xmpmeta>', 'latin1'),
  );
  const mdat = box('mdat', Buffer.alloc(2000, 0x5a));
  return Buffer.concat([ftyp, moov, xmp, mdat]);
}

describe('stripVideoMetadata', () => {
  it('frees every metadata box in place: GPS and serials gone, sizes and media data unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wicklow-video-'));
    const file = join(dir, 'clip.mp4');
    const before = droneLikeMp4();
    writeFileSync(file, before);
    const freed = await stripVideoMetadata(file);
    const after = readFileSync(file);
    expect(freed).toEqual(['/moov/trak/udta', '/moov/udta', '/moov/meta', '/uuid']);
    expect(after.length).toBe(before.length);
    const text = after.toString('latin1');
    expect(text).not.toContain(GPS);
    expect(text).not.toContain('DJI camera serial');
    expect(text).not.toContain('xmpmeta');
    // The boxes a player needs are untouched, and the media data is byte for byte the same.
    for (const kept of ['ftyp', 'moov', 'mvhd', 'trak', 'tkhd', 'mdat']) expect(text).toContain(kept);
    expect(after.subarray(-2000).equals(before.subarray(-2000))).toBe(true);
  });

  it('stops safely on a damaged box instead of writing past it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wicklow-video-'));
    const file = join(dir, 'broken.mp4');
    const broken = Buffer.concat([
      box('ftyp', Buffer.alloc(8)),
      Buffer.from([0, 0, 0xff, 0xff]),
      Buffer.from('moov'),
    ]);
    writeFileSync(file, broken);
    expect(await stripVideoMetadata(file)).toEqual([]);
    expect(readFileSync(file).equals(broken)).toBe(true);
  });
});
