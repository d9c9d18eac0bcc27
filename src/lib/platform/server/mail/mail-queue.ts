// The mail queue, a table in the site's database. A mail is written here in the same transaction
// as what caused it, so it exists exactly when that change was saved; the sender (mail-sender.ts)
// claims due rows, delivers them, and records the outcome. Rows move pending → sending → sent, or
// back to pending with a later time after a failed attempt, or to failed: at once when the mail
// server refuses the recipient for good, or when an attempt fails 24 hours or more after queuing.
import { and, asc, desc, eq, gte, inArray, lt, lte, min, sql } from 'drizzle-orm';
import { mailQueue, type QueuedMail } from '~db/schema';
import { getConfig } from '../config';
import type { Db, Tx } from '../db';
import { preparedOnce } from '../prepared';
import { newRowId } from '../row-id';
import { headerSafe, type Mail, storedAttachmentNames } from './mail';

export const FIRST_RETRY_MS = 15_000;
export const MAX_RETRY_MS = 30 * 60_000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** The wait after the `attempts`-th failed attempt: 15 s, doubling, at most 30 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

function messageIdFor(id: string): string {
  let host = 'localhost';
  try {
    host = new URL(getConfig().siteUrl).hostname || host;
  } catch {
    // keep localhost
  }
  return `<${id}@${host}>`;
}

export interface QueueOptions {
  /** The row's id: a series of mails (see latestMailOf) names its rows `{series}{due time}`. */
  id?: string;
  /** Not sent before this time (now by default). */
  dueAt?: Date;
}

/** Writes a mail into the queue (inside the caller's transaction); returns its row. */
export function insertQueuedMail(
  tx: Db | Tx,
  mail: Mail,
  now = new Date(),
  options: QueueOptions = {},
): QueuedMail {
  const insert = preparedOnce(tx, 'mail queue: insert', () =>
    tx
      .insert(mailQueue)
      .values({
        id: sql.placeholder('id'),
        messageId: sql.placeholder('messageId'),
        to: sql.placeholder('to'),
        subject: sql.placeholder('subject'),
        text: sql.placeholder('text'),
        replyTo: sql.placeholder('replyTo'),
        attachment: sql.placeholder('attachment'),
        status: 'pending',
        nextAttemptAt: sql.placeholder('dueAt'),
        giveUpAt: sql.placeholder('giveUpAt'),
        createdAt: sql.placeholder('now'),
        updatedAt: sql.placeholder('now'),
      })
      .returning()
      .prepare(),
  );
  const id = options.id ?? newRowId();
  const dueAt = options.dueAt ?? now;
  return insert.get({
    id,
    messageId: messageIdFor(id),
    to: headerSafe(mail.to),
    subject: headerSafe(mail.subject),
    text: mail.text,
    replyTo: mail.replyTo ? headerSafe(mail.replyTo) : null,
    attachment: storedAttachmentNames(mail.attachment),
    now,
    dueAt,
    giveUpAt: new Date(Math.max(now.getTime(), dueAt.getTime()) + GIVE_UP_AFTER_MS),
  }) as QueuedMail;
}

/**
 * A series of mails about one thing (a recipient's selection, say) has ids `{series}{due time}`,
 * the due time in milliseconds written with 15 digits so that the ids sort by it: its latest mail is
 * then one step down the primary key's index, with no column of its own.
 */
export const seriesMailId = (series: string, dueAt: Date): string =>
  `${series}${String(dueAt.getTime()).padStart(15, '0')}`;

/**
 * The latest mail of a series (before the mail `beforeId`, when given), with the time it was due,
 * or null when it has none.
 */
export function latestMailOf(
  tx: Db | Tx,
  series: string,
  beforeId?: string,
): { mail: QueuedMail; dueAt: Date } | null {
  const mail = tx
    .select()
    .from(mailQueue)
    // Every digit sorts before ':' (0x3A), so this range holds the series' ids and no other.
    .where(and(gte(mailQueue.id, series), lt(mailQueue.id, beforeId ?? `${series}:`)))
    .orderBy(desc(mailQueue.id))
    .limit(1)
    .get();
  if (!mail) return null;
  const due = Number(mail.id.slice(series.length));
  return { mail, dueAt: new Date(Number.isFinite(due) ? due : mail.createdAt.getTime()) };
}

/**
 * Rewrites a mail still waiting in the queue (status pending); false when the sender has already
 * claimed it (then it goes as it was, and the caller queues another).
 */
export function rewritePendingMail(
  tx: Db | Tx,
  id: string,
  mail: Pick<Mail, 'subject' | 'text'>,
  now = new Date(),
): boolean {
  return (
    tx
      .update(mailQueue)
      .set({ subject: headerSafe(mail.subject), text: mail.text, updatedAt: now })
      .where(and(eq(mailQueue.id, id), eq(mailQueue.status, 'pending')))
      .run().changes === 1
  );
}

/**
 * Claims up to `limit` due mails for one delivery pass: a single UPDATE … WHERE id IN (SELECT …)
 * RETURNING moves them from pending to sending under SQLite's write lock, so a second pass (in this
 * process or another) never gets the same row.
 */
export function claimDueMails(db: Db, now: Date, limit = 20): QueuedMail[] {
  const due = db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(and(eq(mailQueue.status, 'pending'), lte(mailQueue.nextAttemptAt, now)))
    .orderBy(asc(mailQueue.nextAttemptAt), asc(mailQueue.createdAt))
    .limit(limit);
  return db
    .update(mailQueue)
    .set({ status: 'sending', updatedAt: now })
    .where(and(inArray(mailQueue.id, due), eq(mailQueue.status, 'pending')))
    .returning()
    .all();
}

export function markMailSent(db: Db, mail: QueuedMail, now: Date): void {
  db.update(mailQueue)
    .set({ status: 'sent', sentAt: now, lastError: null, attempts: mail.attempts + 1, updatedAt: now })
    .where(and(eq(mailQueue.id, mail.id), eq(mailQueue.status, 'sending')))
    .run();
}

/** Records a failed attempt: tried again after a growing wait, or failed for good. */
export function markMailAttemptFailed(
  db: Db,
  mail: QueuedMail,
  reason: string,
  now: Date,
  permanent: boolean,
): 'pending' | 'failed' {
  const attempts = mail.attempts + 1;
  const giveUp = permanent || now.getTime() >= mail.giveUpAt.getTime();
  const lastError = reason.slice(0, 500);
  db.update(mailQueue)
    .set(
      giveUp
        ? { status: 'failed', attempts, lastError, failedAt: now, updatedAt: now }
        : {
            status: 'pending',
            attempts,
            lastError,
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
            updatedAt: now,
          },
    )
    .where(and(eq(mailQueue.id, mail.id), eq(mailQueue.status, 'sending')))
    .run();
  return giveUp ? 'failed' : 'pending';
}

/**
 * At start: mails left 'sending' by a process that stopped mid-delivery go back to pending. One
 * may have reached the mail server already; it goes again with the same Message-ID.
 */
export function requeueInterruptedMails(db: Db, now = new Date()): number {
  return db
    .update(mailQueue)
    .set({ status: 'pending', nextAttemptAt: now, updatedAt: now })
    .where(eq(mailQueue.status, 'sending'))
    .run().changes;
}

/** When the next pending mail is due, or null when none waits. */
export function nextDueTime(db: Db): Date | null {
  const row = db
    .select({ at: min(mailQueue.nextAttemptAt) })
    .from(mailQueue)
    .where(eq(mailQueue.status, 'pending'))
    .get();
  return row?.at ?? null;
}

export interface FailedMail {
  id: string;
  to: string;
  subject: string;
  queuedAt: Date;
  failedAt: Date | null;
  attempts: number;
  reason: string;
}

/** The mails that could not be delivered, newest first. */
export function listFailedMails(db: Db, limit = 100): FailedMail[] {
  return db
    .select({
      id: mailQueue.id,
      to: mailQueue.to,
      subject: mailQueue.subject,
      queuedAt: mailQueue.createdAt,
      failedAt: mailQueue.failedAt,
      attempts: mailQueue.attempts,
      reason: mailQueue.lastError,
    })
    .from(mailQueue)
    .where(eq(mailQueue.status, 'failed'))
    .orderBy(desc(mailQueue.failedAt), desc(mailQueue.createdAt))
    .limit(limit)
    .all()
    .map((r) => ({ ...r, reason: r.reason ?? 'Unknown reason' }));
}

export type RetryResult = 'queued' | 'not-found' | 'not-failed';

/** 'Send again': a failed mail goes back to pending, due now, with another 24 hours to get through. */
export function retryFailedMail(db: Db, id: string, now = new Date()): RetryResult {
  const changed = db
    .update(mailQueue)
    .set({
      status: 'pending',
      nextAttemptAt: now,
      giveUpAt: new Date(now.getTime() + GIVE_UP_AFTER_MS),
      failedAt: null,
      updatedAt: now,
    })
    .where(and(eq(mailQueue.id, id), eq(mailQueue.status, 'failed')))
    .run().changes;
  if (changed) return 'queued';
  const row = db.select({ id: mailQueue.id }).from(mailQueue).where(eq(mailQueue.id, id)).get();
  return row ? 'not-failed' : 'not-found';
}
