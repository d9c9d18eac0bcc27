// Request methods the site does not answer get a short answer with the site's headers, never a 500
// or a stack: TRACE and CONNECT are refused (405), methods the site does not implement
// (WebDAV's, made-up ones, even ones node's parser cannot read) answer 501, and OPTIONS answers
// 204 with the allowed methods and no CORS grant. Sent over a raw socket, as an attacker would.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLines, type RunningServer, startServer } from '../helpers/server';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

interface SocketAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends the request line and headers exactly as written, and reads the answer until the server closes. */
function sendRaw(method: string, path = '/', extra = ''): Promise<SocketAnswer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let data = '';
    const done = () => {
      socket.destroy();
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      data += chunk;
    });
    socket.on('end', done);
    socket.on('error', reject);
    socket.setTimeout(5000, () => reject(new Error(`no answer to ${method} ${path}`)));
    socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${extra}Connection: close\r\n\r\n`,
    );
  });
}

const SITE_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
];

describe('methods the site does not answer', () => {
  it.each([
    ['TRACE', '/'],
    ['TRACE', '/api/admin/orders'],
    ['CONNECT', '127.0.0.1:80'],
  ])('%s %s answers 405 with the allowed methods and the site headers', async (method, path) => {
    const res = await sendRaw(method, path);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    for (const name of SITE_HEADERS) expect(res.headers[name], name).toBeTruthy();
    expect(res.body).toContain(`The ${method} method is not allowed on this site.`);
  });

  it.each([
    ['PROPFIND', '/'],
    ['MKCOL', '/api/admin/photos'],
    ['PURGE', '/shop'],
    ['SEARCH', '/api/orders'],
    ['TRACK', '/'],
    ['FOO', '/'],
    ['BREW', '/admin'],
  ])('%s %s answers 501 with the site headers', async (method, path) => {
    const res = await sendRaw(method, path);
    expect(res.status).toBe(501);
    for (const name of SITE_HEADERS) expect(res.headers[name], name).toBeTruthy();
    expect(res.body).toContain('This request method is not supported by this site.');
  });

  it('OPTIONS answers 204 with the allowed methods and grants no other origin', async () => {
    const res = await sendRaw('OPTIONS', '/api/paypal/order', 'Origin: https://evil.example\r\n');
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    for (const name of SITE_HEADERS) expect(res.headers[name], name).toBeTruthy();
  });

  it('logs no error and no stack for any of them', () => {
    const errors = logLines<{ level: number; msg?: string }>(server).filter((l) => l.level >= 50);
    expect(errors).toEqual([]);
    expect(server.output()).not.toMatch(/\n\s+at /);
  });

  it('the site still answers the methods it uses', async () => {
    expect((await sendRaw('GET', '/')).status).toBe(200);
    expect((await sendRaw('HEAD', '/shop')).status).toBe(200);
  });
});
