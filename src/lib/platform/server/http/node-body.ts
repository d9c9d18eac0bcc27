// The capped body reader for requests the node:http front answers itself, before any web Request
// exists. The same rules as readBody (http.ts): a declared Content-Length over the cap is a 413
// before reading; a body streamed past the cap is a 413 as soon as it gets there, its rest left
// unread for the front to discard after the answer; a body the client stops sending midway is a 400.
import type { IncomingMessage } from 'node:http';
import { tooLarge, unreadable } from './http';

export function readNodeBody(req: IncomingMessage, maxBytes: number): Promise<Buffer<ArrayBuffer>> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onFault);
      req.off('close', onFault);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.pause();
        stop();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    // 'close' before 'end': the client went away midway.
    const onFault = () => {
      stop();
      reject(unreadable());
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onFault);
    req.on('close', onFault);
  });
}
