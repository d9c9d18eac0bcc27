// The owner's view of mails that could not be delivered: listed newest first with the mail server's
// reason, and 'Send again' puts one back in the queue, due now, with another 24 hours to get
// through; an unknown id is a 404, a mail that has not failed a 409.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { listFailedMailsForOwner, sendFailedMailAgain } from '~/lib/admin/failed-mails.server';
import type { Db } from '~/lib/platform/server/db';
import {
  GIVE_UP_AFTER_MS,
  insertQueuedMail,
  markMailAttemptFailed,
} from '~/lib/platform/server/mail/mail-queue';
import { mailQueue } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';

tempDataDir('mail-failures');
const T0 = new Date('2026-03-02T09:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

/** A mail the server refused at its first attempt, `ms` after T0. */
function refusedMail(to: string, ms: number) {
  const mail = insertQueuedMail(db, { to, subject: `Your order for ${to}`, text: 'Hello' }, later(ms));
  db.update(mailQueue).set({ status: 'sending' }).where(eq(mailQueue.id, mail.id)).run();
  markMailAttemptFailed(db, mail, `550 5.1.1 <${to}>: no such mailbox here`, later(ms + 1000), true);
  return mail;
}

describe('failed mails', () => {
  it('are listed newest first, with recipient, subject, times and reason; others are not', () => {
    const first = refusedMail('old@example.ie', 0);
    const second = refusedMail('new@example.ie', 60_000);
    insertQueuedMail(db, { to: 'waiting@example.ie', subject: 'Waiting', text: 'x' }, T0);
    expect(listFailedMailsForOwner(db)).toEqual({
      mails: [
        {
          id: second.id,
          to: 'new@example.ie',
          subject: 'Your order for new@example.ie',
          queuedAt: later(60_000).toISOString(),
          failedAt: later(61_000).toISOString(),
          attempts: 1,
          reason: '550 5.1.1 <new@example.ie>: no such mailbox here',
        },
        expect.objectContaining({ id: first.id, to: 'old@example.ie' }),
      ],
    });
  });

  it('go back to the queue, due now with 24 more hours, on Send again', () => {
    const mail = refusedMail('someone@example.ie', 0);
    const now = later(3 * 24 * 60 * 60_000);
    expect(sendFailedMailAgain(db, mail.id, now)).toEqual({ id: mail.id, status: 'pending' });
    expect(db.select().from(mailQueue).where(eq(mailQueue.id, mail.id)).get()).toMatchObject({
      status: 'pending',
      nextAttemptAt: now,
      giveUpAt: new Date(now.getTime() + GIVE_UP_AFTER_MS),
      failedAt: null,
    });
    expect(listFailedMailsForOwner(db).mails).toEqual([]);
  });

  it('answer 404 for an unknown id and 409 for a mail that has not failed', () => {
    const waiting = insertQueuedMail(db, { to: 'a@example.ie', subject: 'Waiting', text: 'x' });
    expect(() => sendFailedMailAgain(db, crypto.randomUUID())).toThrow(
      expect.objectContaining({ status: 404, message: 'No such mail.' }),
    );
    expect(() => sendFailedMailAgain(db, waiting.id)).toThrow(expect.objectContaining({ status: 409 }));
    expect(db.select().from(mailQueue).where(eq(mailQueue.id, waiting.id)).get()?.status).toBe('pending');
  });
});
