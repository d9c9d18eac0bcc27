// Every request body is capped while it streams, with or without a Content-Length: bodies sent in
// chunks (no declared length) over a route's cap are answered 413 before they are read whole, and
// nothing is stored.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, residentBytes } from '../helpers/raw-http';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

const MB = 1024 * 1024;
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  cookie = await signIn(server.url);
});
afterAll(async () => {
  await server?.stop();
});

const enquiries = () => {
  const db = new Database(join(server.dataDir, 'site.sqlite'), { readonly: true });
  try {
    return (db.prepare('select count(*) as n from contact_inquiries').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const contactFields =
  'firstName=Aoife&lastName=Byrne&email=aoife%40example.ie&serviceInterest=drone&message=Hello';

describe('chunked request bodies (no Content-Length)', () => {
  it('a chunked 1 MB form to /api/contact is refused with 413 and nothing is stored', async () => {
    const before = enquiries();
    const res = await rawRequest(`${server.url}/api/contact`, {
      headers: form,
      prefix: contactFields,
      fillerBytes: MB,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toMatch(/too large/i);
    expect(enquiries()).toBe(before);
  });

  it('a chunked 1 MB form to /api/login is refused with 413', async () => {
    const res = await rawRequest(`${server.url}/api/login`, {
      headers: form,
      prefix: 'email=owner%40example.com&password=',
      fillerBytes: MB,
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatch(/too large/i);
  });

  it("a chunked 1 MB JSON body to better-auth's /api/auth/sign-in/email is refused with 413", async () => {
    const res = await rawRequest(`${server.url}/api/auth/sign-in/email`, {
      headers: { 'content-type': 'application/json' },
      prefix: '{"email":"owner@example.com","password":"',
      fillerBytes: MB,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toMatch(/too large/i);
  });

  it("the owner's multipart photo form is answered 413 over its cap, long before 30 MB are sent", async () => {
    const boundary = 'wicklowboundary';
    const res = await rawRequest(`${server.url}/api/admin/photos`, {
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie,
        origin: server.url,
      },
      prefix:
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nToo big\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
      fillerBytes: 30 * MB,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toMatch(/10 MB/);
    expect(res.sentBeforeAnswer).toBeLessThan(20 * MB);
    const list = await fetch(`${server.url}/api/photos`);
    expect(JSON.stringify(await list.json())).not.toContain('Too big');
  });

  it('60 MB sent in chunks to /api/contact is answered 413 early, and the server does not balloon', async () => {
    const pid = server.process.pid as number;
    const rssBefore = await residentBytes(pid);
    const res = await rawRequest(`${server.url}/api/contact`, {
      headers: form,
      prefix: contactFields,
      fillerBytes: 60 * MB,
    });
    const rssAfter = await residentBytes(pid);
    expect(res.status).toBe(413);
    expect(res.sentBeforeAnswer).toBeLessThan(10 * MB);
    expect(rssAfter - rssBefore).toBeLessThan(40 * MB);
  });
});
