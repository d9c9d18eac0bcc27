// Receives an upload body into a temporary file: streamed (never held in memory), stopped at the
// byte limit with a 413, and refused with a 415 when its first bytes are not an allowed type.
// Whatever fails leaves no file behind.

import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { fileTooLarge, HttpError } from '~/lib/platform/server/http/http';
import { tmpPath } from '~/lib/platform/server/storage/storage';
import type { AcceptedTypes } from './accepted-types.server';
import { type DetectedType, detectFileType, SNIFF_BYTES } from './file-types.server';

export interface Received {
  file: string;
  bytes: number;
  type: DetectedType;
}

export async function receiveToTmp(
  body: ReadableStream<Uint8Array> | null,
  opts: { maxBytes: number; accept: AcceptedTypes },
): Promise<Received> {
  if (!body) throw new HttpError(400, 'The upload is empty.');
  const file = tmpPath('upload');
  // Opened only once the first bytes are accepted, so a refused upload never creates a file.
  let out: WriteStream | null = null;
  const reader = body.getReader();
  let bytes = 0;
  let head: Uint8Array = new Uint8Array(0);
  let type: DetectedType | null = null;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      if (bytes > opts.maxBytes) throw fileTooLarge(opts.maxBytes);
      if (!type) {
        head = concat(head, value);
        if (head.length < SNIFF_BYTES) continue;
        type = acceptedType(head, opts.accept);
        out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
        if (!out.write(head)) await once(out, 'drain');
        continue;
      }
      if (out && !out.write(value)) await once(out, 'drain');
    }
    if (bytes === 0) throw new HttpError(400, 'The upload is empty.');
    if (!type) {
      type = acceptedType(head, opts.accept);
      out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
      out.write(head);
    }
    const done = out as WriteStream;
    done.end();
    await once(done, 'finish');
    return { file, bytes, type };
  } catch (err) {
    reader.cancel().catch(() => {});
    if (out) {
      const closed = once(out, 'close').catch(() => {});
      out.destroy();
      await closed; // the file is closed before it is removed, so nothing recreates it
    }
    await rm(file, { force: true });
    throw err;
  }
}

/** The type of a body from its first bytes; a 415 when it is not one the purpose takes. */
function acceptedType(head: Uint8Array, accept: AcceptedTypes): DetectedType {
  const type = detectFileType(head);
  if (!type || type.kind !== accept.kind || !accept.mimes.includes(type.mime)) {
    throw new HttpError(415, accept.refusal);
  }
  return type;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
