// Removes location and other metadata from an uploaded MP4/MOV, in place, without re-encoding:
// every metadata box (udta, meta, XMP uuid) inside the movie and its tracks is turned into a
// 'free' box of the same size with its content zeroed. Sizes and offsets stay exactly as they
// were, so the chunk offset tables (stco/co64) remain right and players skip 'free' boxes.
// Drone and phone videos keep GPS in these boxes (©xyz, com.apple.quicktime.location.ISO6709).
// Hand-written because no npm package strips ISO-BMFF metadata without ffmpeg, which these
// machines do not have.
import { open } from 'node:fs/promises';

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'moof', 'traf']);
const METADATA = new Set(['udta', 'meta', 'uuid', 'XMP_', 'ilst']);

interface Box {
  type: string;
  start: number;
  headerSize: number;
  size: number;
}

async function readBox(
  fh: import('node:fs/promises').FileHandle,
  at: number,
  end: number,
): Promise<Box | null> {
  if (at + 8 > end) return null;
  const head = Buffer.alloc(16);
  await fh.read(head, 0, 16, at);
  let size = head.readUInt32BE(0);
  const type = head.toString('latin1', 4, 8);
  let headerSize = 8;
  if (size === 1) {
    size = Number(head.readBigUInt64BE(8));
    headerSize = 16;
  } else if (size === 0) {
    size = end - at;
  }
  if (size < headerSize || at + size > end) return null; // damaged: stop walking
  return { type, start: at, headerSize, size };
}

/** Frees the metadata boxes of an ISO-BMFF file (MP4, MOV). Returns the paths of the boxes freed. */
export async function stripVideoMetadata(file: string): Promise<string[]> {
  const fh = await open(file, 'r+');
  const freed: string[] = [];
  try {
    const { size: fileSize } = await fh.stat();
    const walk = async (from: number, to: number, path: string, depth: number): Promise<void> => {
      if (depth > 8) return;
      for (let at = from; at < to; ) {
        const box = await readBox(fh, at, to);
        if (!box) return;
        if (METADATA.has(box.type)) {
          await fh.write(Buffer.from('free', 'latin1'), 0, 4, box.start + 4);
          const zeros = Buffer.alloc(Math.min(64 * 1024, box.size - box.headerSize));
          for (let p = box.start + box.headerSize; p < box.start + box.size; p += zeros.length) {
            await fh.write(zeros, 0, Math.min(zeros.length, box.start + box.size - p), p);
          }
          freed.push(`${path}/${box.type}`);
        } else if (CONTAINERS.has(box.type)) {
          await walk(box.start + box.headerSize, box.start + box.size, `${path}/${box.type}`, depth + 1);
        }
        at = box.start + box.size;
      }
    };
    await walk(0, fileSize, '', 0);
  } finally {
    await fh.close();
  }
  return freed;
}
