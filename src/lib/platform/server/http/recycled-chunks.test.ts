// A download read into recycled buffers: every byte arrives as it is on disk, a buffer is read into
// again only once the socket has written everything, and a chunk still waiting keeps its bytes.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { pacedBody, type WaitForRoom } from './paced-body';
import { ChunkRecycler, recycledFileStream } from './recycled-chunks';

const CHUNK = 64 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'wicklow-recycled-'));
const file = join(dir, 'video.mp4');
// Ten and a bit chunks, so the last read is short.
const bytes = randomBytes(CHUNK * 10 + 1234);
writeFileSync(file, bytes);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A socket stand-in: room at once, and `flushed` as the test says. */
function room(flushed: () => boolean): WaitForRoom {
  const wait: WaitForRoom = () => Promise.resolve();
  wait.flushed = flushed;
  return wait;
}

/**
 * Reads the body as a socket would. `copy`: each chunk copied before the next is asked for, as a
 * write copies it into the kernel; otherwise the very objects handed on are kept, as by a socket
 * that has not written them yet.
 */
async function drain(body: ReadableStream<Uint8Array>, copy = false): Promise<Uint8Array[]> {
  const held: Uint8Array[] = [];
  const reader = body.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read())
    held.push(copy ? Buffer.from(r.value) : r.value);
  return held;
}

describe('a file read into recycled buffers', () => {
  it('sends every byte, a range too, with a few buffers read into again and again', async () => {
    const alloc = vi.spyOn(Buffer, 'allocUnsafeSlow');
    try {
      const recycler = new ChunkRecycler(CHUNK);
      const body = pacedBody(
        recycledFileStream(file, 0, bytes.length - 1, recycler),
        room(() => true),
        recycler,
      );
      const copies = await drain(body, true);
      expect(Buffer.concat(copies).equals(bytes)).toBe(true);
      expect(copies).toHaveLength(11);
      expect(alloc.mock.calls.length).toBeLessThanOrEqual(2);

      const part = pacedBody(
        recycledFileStream(file, 1000, 200_000, recycler),
        room(() => true),
        recycler,
      );
      expect(Buffer.concat(await drain(part, true)).equals(bytes.subarray(1000, 200_001))).toBe(true);
    } finally {
      alloc.mockRestore();
    }
  });

  it('never reads into a buffer whose chunk the socket has not written yet', async () => {
    const recycler = new ChunkRecycler(CHUNK);
    // The socket never empties: every chunk is still pending when the next is read, so none may
    // be read into again; were one reused, the chunks held here would change under the test.
    const body = pacedBody(
      recycledFileStream(file, 0, bytes.length - 1, recycler),
      room(() => false),
      recycler,
    );
    const held = await drain(body);
    expect(Buffer.concat(held).equals(bytes)).toBe(true);
  });

  it('leaves a chunk cut on the way to the garbage collector', () => {
    const recycler = new ChunkRecycler(CHUNK);
    const whole = recycler.take();
    const chunk = recycler.lend(whole, CHUNK);
    recycler.giveBack(chunk.subarray(0, 10));
    expect(recycler.take()).not.toBe(whole);
    recycler.giveBack(chunk);
    expect(recycler.take()).toBe(whole);
  });

  it('fails a file shorter than asked for, rather than ending early', async () => {
    const recycler = new ChunkRecycler(CHUNK);
    const body = pacedBody(
      recycledFileStream(file, 0, bytes.length + 10, recycler),
      room(() => true),
      recycler,
    );
    await expect(drain(body)).rejects.toThrow('ended 11 bytes early');
  });

  it('fails a missing file with its reason', async () => {
    const recycler = new ChunkRecycler(CHUNK);
    const body = pacedBody(
      recycledFileStream(join(dir, 'gone.mp4'), 0, 10, recycler),
      room(() => true),
      recycler,
    );
    await expect(drain(body)).rejects.toThrow(/ENOENT/);
  });
});
