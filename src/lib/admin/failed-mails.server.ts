// The mails the site could not deliver (refused by the mail server, or still failing 24 hours after
// they were queued), for the owner's dashboard, and 'Send again', which queues one for delivery now.

import type { FailedMail } from '~/lib/admin/schemas';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { listFailedMails, retryFailedMail } from '~/lib/platform/server/mail/mail-queue';
import { wakeMailSender } from '~/lib/platform/server/mail/mail-sender';

export function listFailedMailsForOwner(db: Db): { mails: FailedMail[] } {
  return {
    mails: listFailedMails(db).map((m) => ({
      ...m,
      queuedAt: m.queuedAt.toISOString(),
      failedAt: m.failedAt?.toISOString() ?? null,
    })),
  };
}

/** Puts a failed mail back in the queue, due now, and wakes the sender. 404 unknown, 409 not failed. */
export function sendFailedMailAgain(db: Db, id: string, now = new Date()): { id: string; status: 'pending' } {
  const result = retryFailedMail(db, id, now);
  if (result === 'not-found') throw new HttpError(404, 'No such mail.');
  if (result === 'not-failed') {
    throw new HttpError(409, 'This mail has not failed: it is waiting to be sent or has been sent.');
  }
  wakeMailSender();
  return { id, status: 'pending' };
}
