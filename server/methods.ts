// Which request methods the site answers, decided by the front before anything else runs.
//
// The site's pages and endpoints answer GET, HEAD, POST, PUT, PATCH and DELETE. Anything else would
// otherwise reach Astro: TRACE made Fetch's Request constructor throw (a 500 and a stack in the
// log), WebDAV methods such as PROPFIND were judged by the owner guard as if they were writes, and
// OPTIONS rendered a whole page. They are answered here instead, with the site's headers:
//  - OPTIONS: 204 with the methods the site allows, and no CORS headers (the site serves only its
//    own origin, so a cross-origin preflight is refused by the browser);
//  - TRACE and CONNECT are known methods the site refuses: 405, with a sentence;
//  - any other method is one the site does not implement: 501, with a sentence.
import type { Socket } from 'node:net';

const ANSWERED = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
const REFUSED = new Set(['TRACE', 'CONNECT']);

export const ALLOWED_METHODS = [...ANSWERED, 'OPTIONS'].join(', ');

export interface MethodRefusal {
  status: 204 | 405 | 501;
  message: string;
  headers: Record<string, string>;
}

/** Null for a method the site's pages and endpoints answer; otherwise the front's own answer. */
export function refuseMethod(method: string | undefined): MethodRefusal | null {
  const name = (method ?? '').toUpperCase();
  if (ANSWERED.has(name)) return null;
  if (name === 'OPTIONS') return { status: 204, message: '', headers: { allow: ALLOWED_METHODS } };
  if (REFUSED.has(name)) {
    return {
      status: 405,
      message: `The ${name} method is not allowed on this site.`,
      headers: { allow: ALLOWED_METHODS },
    };
  }
  return {
    status: 501,
    message: 'This request method is not supported by this site.',
    headers: { allow: ALLOWED_METHODS },
  };
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
  501: 'Not Implemented',
};

/**
 * Writes a whole answer straight to a socket and closes it: for what node's HTTP parser hands over
 * as a bare socket (a CONNECT, or a request line it could not parse, such as an unknown method),
 * where there is no ServerResponse to answer with.
 */
export function answerOnSocket(
  socket: Socket,
  status: number,
  message: string,
  headers: Record<string, string>,
): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = Buffer.from(`${message}\n`);
  const lines = [
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}`,
    ...Object.entries({
      ...headers,
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'content-length': String(body.length),
      connection: 'close',
    }).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), body]));
}

/**
 * What node's parser could not read, answered as node itself would (431 for headers too large,
 * 408 for a request too slow to arrive, 400 otherwise), with the site's headers; an unknown
 * method is one the site does not implement (501). A socket already closed is only destroyed.
 */
export function answerClientError(
  err: NodeJS.ErrnoException,
  socket: Socket,
  security: Record<string, string>,
): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  if (err.code === 'HPE_INVALID_METHOD') {
    const refusal = refuseMethod('UNKNOWN') as MethodRefusal;
    answerOnSocket(socket, refusal.status, refusal.message, { ...security, ...refusal.headers });
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    answerOnSocket(socket, 431, 'The request headers are too large.', security);
  } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    answerOnSocket(socket, 408, 'The request took too long to arrive.', security);
  } else {
    answerOnSocket(socket, 400, 'The request could not be read.', security);
  }
}
