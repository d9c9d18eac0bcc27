// The reminder a gallery's recipients get seven days before it expires, when the owner switched it
// on for that gallery: one mail per open link with an e-mail address, queued once per expiry (a new
// expiry date clears the record, so it is reminded of again). The link itself is not in the mail:
// only its hash is kept, so the mail points to the one the recipient was sent.
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { queueMail } from '~/lib/platform/server/mail/mail-sender';
import { mailLine } from '~/lib/platform/server/mail/mail-text';
import { galleries, galleryLinks } from '~db/schema';
import { isExpired, lastDayOf } from './galleries.server';
import { EXPIRY_REMINDER_DAYS } from './gallery-rules';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Queues the reminders that are due; answers how many mails were queued. */
export function sendExpiryReminders(db: Db, now = new Date()): number {
  const due = db
    .select()
    .from(galleries)
    .where(
      and(
        eq(galleries.expiryReminder, true),
        isNull(galleries.reminderSentAt),
        gt(galleries.expiresAt, now),
        lte(galleries.expiresAt, new Date(now.getTime() + EXPIRY_REMINDER_DAYS * DAY_MS)),
      ),
    )
    .all();
  let queued = 0;
  for (const gallery of due) {
    db.transaction((tx) => {
      const links = tx
        .select()
        .from(galleryLinks)
        .where(and(eq(galleryLinks.galleryId, gallery.id), isNull(galleryLinks.revokedAt)))
        .all();
      for (const link of links) {
        if (!link.recipientEmail || isExpired(link.expiresAt, now)) continue;
        queueMail(tx, {
          to: link.recipientEmail,
          subject: `Your gallery closes soon: ${mailLine(gallery.title)}`,
          text: [
            `Hello ${mailLine(link.recipientName)},`,
            '',
            `Your gallery "${mailLine(gallery.title)}" stays open until ${lastDayOf(gallery.expiresAt)} (inclusive).`,
            'Open it with the link you were sent to view, choose or download your photos before then.',
            '',
            'If you need more time, just reply to the photographer.',
          ].join('\n'),
        });
        queued++;
      }
      tx.update(galleries).set({ reminderSentAt: now }).where(eq(galleries.id, gallery.id)).run();
    });
  }
  return queued;
}

/** Sends the due reminders now, then every hour; the timer never keeps the process alive. */
export function startExpiryReminders(db: Db, everyMs = HOUR_MS): () => void {
  const run = () => {
    try {
      const queued = sendExpiryReminders(db);
      if (queued > 0) getLog().info(`Queued ${queued} gallery expiry reminder(s).`);
    } catch (err) {
      getLog().error({ err }, 'Gallery expiry reminders failed.');
    }
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
