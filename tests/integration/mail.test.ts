// Mail when the SMTP server is down, then back, on the built server with SMTP_URL set: an
// enquiry's mail waits in the queue in the database (pending, with its attempts and the time of the
// next one) while nothing listens, and is delivered once when a real SMTP server (smtp-server) comes
// up. A recipient the server refuses with 550 fails the mail at once; the owner sees it in
// GET /api/admin/mail/failed with the server's reason, and 'Send again' delivers it once the
// address is accepted. 404 for an unknown mail, 409 for one that has not failed.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';
import { type TestSmtp, testSmtp } from '../helpers/smtp';

let site: RunningServer;
let smtp: TestSmtp;
let cookie: string;

beforeAll(async () => {
  smtp = await testSmtp();
  site = await startServer({ OWNER_EMAIL: 'owner@example.com', SMTP_URL: smtp.url });
  cookie = await signIn(site.url);
});
afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
});

interface QueueRow {
  id: string;
  subject: string;
  status: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
}

const queueRow = (subject: string): QueueRow | undefined => {
  const db = new Database(join(site.dataDir, 'site.sqlite'), { readonly: true });
  try {
    return db.prepare('select * from mail_queue where subject = ?').get(subject) as QueueRow | undefined;
  } finally {
    db.close();
  }
};

const enquire = (firstName: string) =>
  fetch(`${site.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName,
      lastName: 'Byrne',
      email: `${firstName.toLowerCase()}@example.ie`,
      message: 'Could you photograph Glendalough at dawn?',
    }),
  });

const call = (method: string, path: string) =>
  fetch(`${site.url}${path}`, { method, headers: { cookie, origin: site.url } });

const deliveredWith = (subject: string) => smtp.received.filter((m) => m.subject === subject);

describe('mail when the SMTP server is down, then back', () => {
  it('keeps the mail queued while nothing listens, then delivers it once', async () => {
    const subject = 'New enquiry from Aoife Byrne';
    expect((await enquire('Aoife')).status).toBe(201);
    await expect.poll(() => queueRow(subject)?.attempts ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    const waiting = queueRow(subject);
    expect(waiting).toMatchObject({
      status: 'pending',
      last_error: expect.stringMatching(/ECONNREFUSED|connect/i),
    });
    expect(waiting?.next_attempt_at).toBeGreaterThan(Date.now() - 1000);

    await smtp.start();
    // The next attempt is 15 s after the first failure.
    await expect.poll(() => deliveredWith(subject).length, { timeout: 45_000, interval: 200 }).toBe(1);
    await expect.poll(() => queueRow(subject)?.status, { timeout: 5_000 }).toBe('sent');
    expect(deliveredWith(subject)).toHaveLength(1);
    expect(deliveredWith(subject)[0]?.to).toEqual(['owner@example.com']);
  }, 60_000);

  it('fails a mail the server refuses, shows it to the owner, and sends it again on request', async () => {
    const subject = 'New enquiry from Ciara Byrne';
    smtp.refuse.add('owner@example.com');
    expect((await enquire('Ciara')).status).toBe(201);
    await expect.poll(() => queueRow(subject)?.status, { timeout: 10_000 }).toBe('failed');

    const listed = await call('GET', '/api/admin/mail/failed');
    expect(listed.status).toBe(200);
    const { mails } = await listed.json();
    const failed = mails.find((m: { subject: string }) => m.subject === subject);
    expect(failed).toMatchObject({
      to: 'owner@example.com',
      attempts: 1,
      reason: expect.stringContaining('550 5.1.1 <owner@example.com>: no such mailbox here'),
      queuedAt: expect.any(String),
    });

    const sent = queueRow('New enquiry from Aoife Byrne');
    expect((await call('POST', `/api/admin/mail/${sent?.id}/retry`)).status).toBe(409);
    const unknown = await call('POST', `/api/admin/mail/${crypto.randomUUID()}/retry`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'No such mail.' });
    expect((await call('POST', '/api/admin/mail/not-a-mail/retry')).status).toBe(404);

    smtp.refuse.clear();
    const again = await call('POST', `/api/admin/mail/${failed.id}/retry`);
    expect(again.status).toBe(200);
    await expect.poll(() => deliveredWith(subject).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => queueRow(subject)?.status, { timeout: 5_000 }).toBe('sent');
    expect((await (await call('GET', '/api/admin/mail/failed')).json()).mails).toEqual([]);
    expect((await call('POST', `/api/admin/mail/${failed.id}/retry`)).status).toBe(409);
  });
});
