// Requests through node:http for what fetch cannot do simply: a body sent in chunks with no
// Content-Length (and a note of how much was sent before the answer came), and a chosen local
// address (any of 127.0.0.0/8 on Linux), so that one test can be many clients.
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { type IncomingHttpHeaders, request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Body bytes written before the answer's head arrived. */
  sentBeforeAnswer: number;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  /** Sent first (a form's fields, a multipart part header). */
  prefix?: string | Buffer;
  /** Then this many filler bytes, in chunks of 64 KB, stopping as soon as the answer arrives. */
  fillerBytes?: number;
  /** The filler byte (default `a`). */
  filler?: number;
  localAddress?: string;
}

export async function rawRequest(url: string, opts: RawRequest = {}): Promise<RawResponse> {
  const req = request(url, {
    method: opts.method ?? 'POST',
    headers: opts.headers,
    localAddress: opts.localAddress,
  });
  let sent = 0;
  let sentBeforeAnswer = -1;
  const answered = new Promise<RawResponse>((resolve, reject) => {
    req.on('response', (res) => {
      sentBeforeAnswer = sent;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          sentBeforeAnswer,
        }),
      );
      res.on('error', reject);
    });
    // Once the answer has come, a reset of the rest of the upload is expected.
    req.on('error', (err) => {
      if (sentBeforeAnswer < 0) reject(err);
    });
  });
  const write = async (data: Buffer): Promise<boolean> => {
    if (sentBeforeAnswer >= 0 || req.destroyed) return false;
    sent += data.length;
    if (!req.write(data)) {
      await Promise.race([once(req, 'drain'), answered.catch(() => {}), once(req, 'close')]);
    }
    // Let the answer's events in between chunks: a write that the socket takes at once resolves
    // without a turn of the event loop, and the answer would be read only after everything was sent.
    await new Promise((resolve) => setImmediate(resolve));
    return true;
  };
  if (opts.prefix) await write(Buffer.from(opts.prefix));
  const chunk = Buffer.alloc(64 * 1024, opts.filler ?? 0x61);
  for (let left = opts.fillerBytes ?? 0; left > 0; left -= chunk.length) {
    if (!(await write(left >= chunk.length ? chunk : chunk.subarray(0, left)))) break;
  }
  if (sentBeforeAnswer < 0 && !req.destroyed) req.end();
  // Answered before the body was all sent: once the answer is read, drop the rest as a browser
  // does, rather than leave the server waiting for bytes that will never come.
  else if (!req.destroyed)
    void answered.then(
      () => req.destroy(),
      () => {},
    );
  return answered;
}

/** The resident memory of a process in bytes (Linux), from /proc/<pid>/status. */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb * 1024;
}

export interface ExactPathResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A request with its path sent exactly as written: fetch folds `//`, `/./` and `..` before sending,
 * which is what an attacker's client does not do. A body is sent as JSON.
 */
export function exactPathRequest(
  baseUrl: string,
  method: string,
  path: string,
  opts: { body?: string; headers?: Record<string, string> } = {},
): Promise<ExactPathResponse> {
  const url = new URL(baseUrl);
  const { body } = opts;
  const headers = {
    ...(body !== undefined
      ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }
      : {}),
    ...opts.headers,
  };
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}
