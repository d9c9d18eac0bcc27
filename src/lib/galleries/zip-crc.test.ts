// The ZIP writer's CRC-32 comes from Node's zlib (several times faster than yazl's own), and the
// CRCs it writes are still right, over entries read in many chunks.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { nativeUnsigned, yazlCrc } from '~/lib/galleries/zip-crc.server';
import { zipEntries } from '~tests/helpers/zip-entries';

async function zipOf(files: Record<string, Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, bytes] of Object.entries(files)) {
    // In 64 KiB chunks, so that each CRC is carried from one chunk to the next.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
      bytes.subarray(i * 65536, (i + 1) * 65536),
    );
    zip.addReadStream(Readable.from(chunks), name, { compress: false });
  }
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of zip.outputStream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('the ZIP CRC', () => {
  it('is computed by zlib', () => {
    expect(yazlCrc()).toBe(nativeUnsigned);
  });

  it('is right for every entry', async () => {
    const files = { 'DJI_0001.MP4': randomBytes(3 * 1024 * 1024 + 17), 'empty.txt': Buffer.alloc(0) };
    const entries = zipEntries(await zipOf(files));
    expect(entries.map((e) => e.name)).toEqual(Object.keys(files));
    for (const entry of entries) {
      expect(entry.crc).toBe(crc32(entry.data));
      expect(entry.data.equals(files[entry.name as keyof typeof files])).toBe(true);
    }
  });
});
