// The mail queue and its sender against a real SMTP server run by the test (smtp-server on
// 127.0.0.1): a mail waits in the queue while the server is down, with its attempts and the time
// of the next one, and is delivered exactly once when the server is back; a recipient the server
// refuses with 550 fails at once with the server's reason; an attempt failing 24 hours after
// queuing fails it; two senders racing deliver each mail once; a rolled-back transaction queues
// nothing; without SMTP_URL the outbox folder gets the mail as before.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '~/lib/platform/server/config';
import { type Db, openDb } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { configuredTransport, smtpTransport } from '~/lib/platform/server/mail/mail';
import {
  FIRST_RETRY_MS,
  GIVE_UP_AFTER_MS,
  insertQueuedMail,
  MAX_RETRY_MS,
  retryDelayMs,
} from '~/lib/platform/server/mail/mail-queue';
import {
  deliverDueMails,
  queueMail,
  startMailSender,
  stopMailSender,
} from '~/lib/platform/server/mail/mail-sender';
import { mailQueue } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { parseMail, readOutbox, waitForOutbox } from '~tests/helpers/outbox';
import { type TestSmtp, testSmtp } from '~tests/helpers/smtp';

const data = tempDataDir('mail-sender');
const T0 = new Date('2026-03-02T09:00:00Z');
const at = (ms: number) => () => new Date(T0.getTime() + ms);
const MAIL = { to: 'aoife@example.ie', subject: 'Your order #ABC123 is confirmed', text: 'Thank you.' };

let db: Db;
let smtp: TestSmtp;
beforeEach(async () => {
  db = memoryDb();
  smtp = await testSmtp();
  vi.spyOn(getLog(), 'warn').mockImplementation(() => {});
  vi.spyOn(getLog(), 'error').mockImplementation(() => {});
});
afterEach(async () => {
  await stopMailSender();
  await smtp.stop();
  vi.restoreAllMocks();
});
const row = (id: string) => db.select().from(mailQueue).where(eq(mailQueue.id, id)).get();

describe('the retry schedule', () => {
  it('waits 15 s after the first failure, doubling up to 30 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 50].map(retryDelayMs)).toEqual([
      15_000, 30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_800_000, 1_800_000, 1_800_000,
    ]);
    expect(FIRST_RETRY_MS).toBe(15_000);
    expect(MAX_RETRY_MS).toBe(30 * 60_000);
  });
});

describe('delivering through SMTP', () => {
  it('keeps a mail pending while the server is down, and delivers it once when it is back', async () => {
    const transport = smtpTransport(smtp.url, 'Wicklow Light <shop@example.ie>');
    const mail = insertQueuedMail(db, MAIL, T0);

    expect(await deliverDueMails(db, { transport, clock: at(0) })).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
    });
    expect(row(mail.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      nextAttemptAt: new Date(T0.getTime() + 15_000),
      lastError: expect.stringMatching(/ECONNREFUSED|connect/i),
    });
    // Not due again before its time.
    expect(await deliverDueMails(db, { transport, clock: at(14_000) })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(await deliverDueMails(db, { transport, clock: at(15_000) })).toMatchObject({ retrying: 1 });
    expect(row(mail.id)).toMatchObject({ attempts: 2, nextAttemptAt: new Date(T0.getTime() + 45_000) });

    await smtp.start();
    expect(await deliverDueMails(db, { transport, clock: at(45_000) })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });
    expect(await deliverDueMails(db, { transport, clock: at(10 * 60_000) })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({
      to: ['aoife@example.ie'],
      messageId: mail.messageId,
      subject: 'Your order #ABC123 is confirmed',
    });
    expect(row(mail.id)).toMatchObject({
      status: 'sent',
      attempts: 3,
      sentAt: at(45_000)(),
      lastError: null,
    });
  });

  it('fails a mail at once, with the server’s reason, when the server refuses the recipient', async () => {
    await smtp.start();
    smtp.refuse.add('nobody@example.ie');
    const transport = smtpTransport(smtp.url, 'shop@example.ie');
    const refused = insertQueuedMail(db, { ...MAIL, to: 'nobody@example.ie' }, T0);
    const fine = insertQueuedMail(db, MAIL, T0);
    expect(await deliverDueMails(db, { transport, clock: at(0) })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 1,
    });
    expect(row(refused.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      failedAt: T0,
      lastError: expect.stringContaining('550 5.1.1 <nobody@example.ie>: no such mailbox here'),
    });
    expect(row(fine.id)?.status).toBe('sent');
    expect(smtp.received.map((m) => m.to)).toEqual([['aoife@example.ie']]);
  });

  it('fails a mail whose attempt fails 24 hours after it was queued, not before', async () => {
    const transport = smtpTransport(smtp.url, 'shop@example.ie');
    const mail = insertQueuedMail(db, MAIL, T0);
    await deliverDueMails(db, { transport, clock: at(GIVE_UP_AFTER_MS - 1) });
    expect(row(mail.id)?.status).toBe('pending');
    db.update(mailQueue).set({ nextAttemptAt: T0 }).where(eq(mailQueue.id, mail.id)).run();
    expect(await deliverDueMails(db, { transport, clock: at(GIVE_UP_AFTER_MS) })).toMatchObject({
      failed: 1,
    });
    expect(row(mail.id)).toMatchObject({
      status: 'failed',
      failedAt: at(GIVE_UP_AFTER_MS)(),
      lastError: expect.stringMatching(/ECONNREFUSED|connect/i),
    });
  });

  it('delivers each mail once when two senders (two connections to one database) race', async () => {
    await smtp.start();
    const dir = mkdtempSync(join(tmpdir(), 'wicklow-mail-race-'));
    const [one, two] = [openDb(join(dir, 'site.sqlite')), openDb(join(dir, 'site.sqlite'))];
    try {
      const ids = Array.from({ length: 8 }, (_, i) =>
        insertQueuedMail(one, { ...MAIL, to: `buyer${i}@example.ie` }, T0),
      ).map((m) => m.messageId);
      const transport = smtpTransport(smtp.url, 'shop@example.ie');
      const reports = await Promise.all(
        [one, two, one, two].map((d) => deliverDueMails(d, { transport, clock: at(0) })),
      );
      expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(8);
      expect(smtp.received.map((m) => m.messageId).sort()).toEqual([...ids].sort());
    } finally {
      one.$client.close();
      two.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('attachments', () => {
  it('renders the named document as the mail leaves, through SMTP and into the outbox alike', async () => {
    await smtp.start();
    const pdf = Buffer.from('%PDF-1.3 the same bytes every time');
    const rendered: string[] = [];
    const attachment = async (_db: Db, name: string) => {
      rendered.push(name);
      return { filename: 'INV-000001.pdf', contentType: 'application/pdf', content: pdf };
    };
    insertQueuedMail(db, { ...MAIL, attachment: 'invoice:abc' }, T0);
    insertQueuedMail(db, { ...MAIL, to: 'owner@example.com' }, T0);
    const transport = smtpTransport(smtp.url, 'shop@example.ie');
    expect(await deliverDueMails(db, { transport, clock: at(0), attachment })).toMatchObject({ sent: 2 });
    expect(rendered).toEqual(['invoice:abc']);
    const [withPdf, without] = smtp.received.map((m) => parseMail(m.raw));
    expect(withPdf?.text).toBe('Thank you.');
    expect(withPdf?.attachments).toEqual([
      { filename: 'INV-000001.pdf', contentType: 'application/pdf', content: pdf },
    ]);
    expect(without?.attachments).toEqual([]);

    const other = memoryDb();
    insertQueuedMail(other, { ...MAIL, attachment: 'invoice:abc' }, T0);
    await deliverDueMails(other, { clock: at(0), attachment });
    const filed = readOutbox(data.dir).at(-1);
    expect(filed?.attachments[0]?.content).toEqual(pdf);
  });

  it('attaches every document a mail names, in order, and leaves out one that no longer exists', async () => {
    const attachment = async (_db: Db, name: string) =>
      name === 'invoice:gone'
        ? null
        : { filename: `${name.slice(8)}.pdf`, contentType: 'application/pdf', content: Buffer.from(name) };
    insertQueuedMail(db, { ...MAIL, attachment: ['invoice:CN-2', 'invoice:gone', 'invoice:CN-1'] }, T0);
    await deliverDueMails(db, { clock: at(0), attachment });
    const filed = readOutbox(data.dir).at(-1);
    expect(filed?.attachments.map((a) => a.filename)).toEqual(['CN-2.pdf', 'CN-1.pdf']);
  });
});

describe('queuing', () => {
  it('queues nothing when the transaction that queued the mail is rolled back', () => {
    expect(() =>
      db.transaction((tx) => {
        queueMail(tx, MAIL);
        throw new Error('the change was refused');
      }),
    ).toThrow('the change was refused');
    expect(db.select().from(mailQueue).all()).toEqual([]);
  });

  it('gives every mail a Message-ID of its own, kept for every attempt', () => {
    const a = insertQueuedMail(db, MAIL);
    const b = insertQueuedMail(db, MAIL);
    expect(a.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    expect(b.messageId).not.toBe(a.messageId);
  });
});

describe('the running sender', () => {
  it('delivers a mail right after the transaction that queued it commits, into the outbox without SMTP', async () => {
    startMailSender(db, { senderName: () => 'Wicklow Light Photography' });
    const before = readOutbox(data.dir).length;
    db.transaction((tx) => {
      queueMail(tx, { ...MAIL, replyTo: 'owner@example.com' });
    });
    const mails = await waitForOutbox(data.dir, (m) => m.length > before);
    expect(mails.slice(before)).toEqual([
      expect.objectContaining({
        to: 'aoife@example.ie',
        from: 'Wicklow Light Photography <owner@example.com>',
        replyTo: 'owner@example.com',
        subject: 'Your order #ABC123 is confirmed',
        text: 'Thank you.',
      }),
    ]);
    await expect.poll(() => db.select().from(mailQueue).get()?.status).toBe('sent');
  });

  it('sends each mail as the name asked for as it leaves, at the configured address', async () => {
    const mail = insertQueuedMail(db, { ...MAIL, subject: 'Named' });
    await deliverDueMails(db, { senderName: () => 'Byrne & Co. "Photo"\r\nBcc: x@example.com' });
    const sent = readOutbox(data.dir).filter((m) => m.subject === 'Named');
    expect(sent.map((m) => m.from)).toEqual([
      '"Byrne & Co. \\"Photo\\" Bcc: x@example.com" <owner@example.com>',
    ]);
    expect(row(mail.id)?.status).toBe('sent');
    // Without a name asked for, the configured From is sent as it is: here the owner's bare address.
    insertQueuedMail(db, { ...MAIL, subject: 'Unnamed' });
    await deliverDueMails(db);
    expect(readOutbox(data.dir).find((m) => m.subject === 'Unnamed')?.from).toBe('owner@example.com');
  });

  it('sends again at start a mail left “sending” by a stop, with the same Message-ID and outbox file', async () => {
    const mail = insertQueuedMail(db, { ...MAIL, subject: 'Interrupted' });
    await deliverDueMails(db); // delivered once, into the outbox
    db.update(mailQueue).set({ status: 'sending' }).where(eq(mailQueue.id, mail.id)).run();
    const files = () => readOutbox(data.dir).filter((m) => m.subject === 'Interrupted');
    expect(files()).toHaveLength(1);
    startMailSender(db);
    await expect.poll(() => row(mail.id)?.status).toBe('sent');
    expect(row(mail.id)?.attempts).toBe(2);
    expect(files()).toHaveLength(1);
  });

  it('stops cleanly: nothing is delivered after stop', async () => {
    startMailSender(db);
    await stopMailSender();
    const mail = insertQueuedMail(db, MAIL);
    queueMail(db, MAIL);
    await new Promise((r) => setTimeout(r, 50));
    expect(row(mail.id)?.status).toBe('pending');
  });
});

describe('the configured transport', () => {
  afterAll(() => {
    delete process.env.SMTP_URL;
    resetConfigForTests();
  });

  it('is SMTP when SMTP_URL is set, and the outbox when not', async () => {
    await smtp.start();
    process.env.SMTP_URL = smtp.url;
    resetConfigForTests();
    const before = readOutbox(data.dir).length;
    insertQueuedMail(db, MAIL);
    expect(await deliverDueMails(db, { transport: configuredTransport() })).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(1);
    expect(readOutbox(data.dir)).toHaveLength(before);

    delete process.env.SMTP_URL;
    resetConfigForTests();
    insertQueuedMail(db, MAIL);
    expect(await deliverDueMails(db)).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(1);
    expect(readOutbox(data.dir)).toHaveLength(before + 1);
  });
});
