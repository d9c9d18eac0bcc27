// A long answer (a file download, a ZIP made while it is sent) as a response body that goes no
// faster than the client reads it.
//
// Why: Astro's node adapter writes each chunk of a response body to the socket without waiting
// for it to drain, so a stream read faster than a slow client takes it piles up in the socket's
// buffer: a 20 GB video to a phone on a train would sit in the server's memory. The front hands
// every request a `waitForRoom` in its locals (resolved once the socket has taken what it was
// given); this body asks for it before each chunk, so the next chunk is read from disk only when
// the client has room for it, and memory stays flat whatever the answer's size.
import type { Readable } from 'node:stream';
import type { ChunkRecycler } from './recycled-chunks';

/**
 * Resolves when the response can take more bytes; absent where no front runs (astro dev).
 * `flushed` says whether the socket has written everything it was given (nothing pending).
 */
export type WaitForRoom = (() => Promise<void>) & { flushed?: () => boolean };

/**
 * The node stream as a web body read one chunk at a time, paced by the client's socket. With a
 * recycler, the chunks sent are given back to it once the socket has written them all, so the
 * source can read into their buffers again (recycled-chunks.ts).
 */
export function pacedBody(
  source: Readable,
  waitForRoom?: WaitForRoom,
  recycler?: ChunkRecycler,
): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]();
  const flushed = recycler ? waitForRoom?.flushed : undefined;
  /** Chunks handed on since the socket was last seen with nothing pending. */
  let sent: Uint8Array[] = [];
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (waitForRoom) await waitForRoom();
        if (flushed?.()) {
          for (const chunk of sent) recycler?.giveBack(chunk);
          sent = [];
        }
        const next = await chunks.next();
        if (next.done) {
          sent = [];
          controller.close();
        } else {
          controller.enqueue(next.value as Uint8Array);
          if (flushed) sent.push(next.value as Uint8Array);
        }
      },
      cancel(reason) {
        sent = [];
        source.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    // Nothing is read ahead of the writer's own read: pull runs only when a chunk is asked for.
    { highWaterMark: 0 },
  );
}

/**
 * For the front: resolves at once while the response's buffer has room, else on drain or close;
 * `flushed` is true while nothing is waiting to be written (a destroyed socket writes nothing more).
 */
export function roomOf(res: {
  writableNeedDrain: boolean;
  writableLength: number;
  destroyed: boolean;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
}): WaitForRoom {
  const wait: WaitForRoom = () =>
    !res.writableNeedDrain || res.destroyed
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.once('drain', done);
          res.once('close', done);
        });
  wait.flushed = () => res.destroyed || res.writableLength === 0;
  return wait;
}
