// A long download's file read into a few buffers used again and again, instead of a new buffer for
// every chunk.
//
// Why by hand: `fs.createReadStream` allocates each chunk anew. Those buffers live outside V8's
// heap, and V8 (as in Node 24) answers every few tens of MB of them with a full mark-compact of the
// whole heap: a 2 GiB gallery ZIP cost about 50 of them, 30 to 50 ms each on the main thread,
// which halved the download's speed and the page rate of every other visitor meanwhile. Node has
// no read stream into given buffers, so this one reads with a FileHandle into the recycler's.
//
// The rule that keeps it safe: a buffer is read into again only after the body has handed its
// chunk to the socket and the socket has written everything it was given (`pacedBody` gives chunks
// back once the response's pending length is 0). A chunk that comes back cut or joined (a stream
// on the way split or concatenated it) is not the one lent, and its buffer is simply left to the
// garbage collector.
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';

export class ChunkRecycler {
  readonly #free: Buffer[] = [];
  /** The buffers lent out, by their memory, with the exact view that was lent. */
  readonly #lent = new WeakMap<ArrayBufferLike, { whole: Buffer; offset: number; length: number }>();

  constructor(
    readonly chunkSize: number,
    /** How many free buffers are kept for the next reads; more are left to the garbage collector. */
    readonly keep = 4,
  ) {}

  /** A buffer of chunkSize bytes to read into: a free one, or a new one. */
  take(): Buffer {
    return this.#free.pop() ?? Buffer.allocUnsafeSlow(this.chunkSize);
  }

  /** The first `length` bytes of a taken buffer, as the chunk sent on. */
  lend(whole: Buffer, length: number): Buffer {
    const chunk = whole.subarray(0, length);
    this.#lent.set(whole.buffer, { whole, offset: chunk.byteOffset, length });
    return chunk;
  }

  /** A taken buffer that was not lent (a read that found nothing). */
  putBack(whole: Buffer): void {
    if (this.#free.length < this.keep) this.#free.push(whole);
  }

  /** A chunk the socket has written: its buffer is free again, if it is exactly a chunk lent. */
  giveBack(chunk: Uint8Array): void {
    const lent = this.#lent.get(chunk.buffer);
    if (!lent || chunk.byteOffset !== lent.offset || chunk.byteLength !== lent.length) return;
    this.#lent.delete(chunk.buffer);
    this.putBack(lent.whole);
  }
}

/** Bytes start to end (inclusive) of a file, read into the recycler's buffers one chunk at a time. */
export function recycledFileStream(
  path: string,
  start: number,
  end: number,
  recycler: ChunkRecycler,
): Readable {
  let handle: FileHandle | undefined;
  let position = start;
  return new Readable({
    // One chunk read ahead at most: the next read waits until this one is taken.
    highWaterMark: 1,
    construct(callback) {
      open(path, 'r').then(
        (h) => {
          handle = h;
          callback();
        },
        (err: Error) => callback(err),
      );
    },
    read() {
      const wanted = Math.min(recycler.chunkSize, end + 1 - position);
      if (wanted <= 0 || !handle) return void this.push(null);
      const buffer = recycler.take();
      handle.read(buffer, 0, wanted, position).then(
        ({ bytesRead }) => {
          if (bytesRead === 0) {
            recycler.putBack(buffer);
            this.destroy(new Error(`${path} ended ${end + 1 - position} bytes early`));
            return;
          }
          position += bytesRead;
          this.push(recycler.lend(buffer, bytesRead));
        },
        (err: Error) => this.destroy(err),
      );
    },
    destroy(err, callback) {
      const h = handle;
      handle = undefined;
      if (!h) return callback(err);
      h.close().then(
        () => callback(err),
        () => callback(err),
      );
    },
  });
}
