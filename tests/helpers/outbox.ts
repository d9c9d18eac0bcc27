// The mails the site filed in DATA_DIR/outbox/ (no SMTP set), read back as plain fields: encoded
// headers and quoted-printable or base64 bodies are decoded, so a test compares the words sent.
// Mail is delivered by a background sender after it is queued, so a test that reads the outbox after
// a request waits for it (waitForOutbox); a service test reads the queue itself (queuedMails).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '~/lib/platform/server/db';
import { mailQueue } from '~db/schema';
import { withSiteDb } from './db';
import { type FiledMail, parseMail } from './mail-file';

export { type FiledMail, parseMail };

/** Every mail in `dataDir`/outbox, oldest first (file names start with the time they were filed). */
export function readOutbox(dataDir: string): FiledMail[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseMail(readFileSync(join(dir, f), 'utf8'), f));
}

/**
 * Waits (a bounded poll) until the outbox of `dataDir` holds mails for which `found` is true, and
 * returns every mail then filed.
 */
export async function waitForOutbox(
  dataDir: string,
  found: (mails: FiledMail[]) => boolean,
  timeout = 10_000,
): Promise<FiledMail[]> {
  await expect.poll(() => found(readOutbox(dataDir)), { timeout, interval: 50 }).toBe(true);
  return readOutbox(dataDir);
}

export type QueuedMailFields = Pick<FiledMail, 'to' | 'subject' | 'text' | 'replyTo'> & {
  status: string;
};

/** Every mail in the queue of `db`, in the order queued. */
export function queuedMails(db: Db): QueuedMailFields[] {
  return db
    .select()
    .from(mailQueue)
    .orderBy(asc(mailQueue.createdAt), sql`rowid`)
    .all()
    .map((m) => ({
      to: m.to,
      subject: m.subject,
      text: m.text,
      replyTo: m.replyTo ?? undefined,
      status: m.status,
    }));
}

/** How many mails the queue of the server using `dataDir` holds, whatever their state. */
export function queuedMailCount(dataDir: string): number {
  return withSiteDb(dataDir, (db) => db.select().from(mailQueue).all().length);
}
