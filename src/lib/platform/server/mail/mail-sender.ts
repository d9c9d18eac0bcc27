// The mail sender: delivers the queued mails (mail-queue.ts) through the transport (mail.ts).
// It runs once per process: started at boot, woken right after a mail is queued (after the
// transaction that queued it has committed), and otherwise on a timer that never keeps the process
// alive. A failed attempt is tried again after 15 s, then 30 s, 1 min… up to every 30 minutes; an
// attempt failing 24 hours after the mail was queued, or a permanent refusal by the mail server,
// marks it failed, and the owner sees it on the dashboard.

import { getLog } from '~/lib/platform/server/log';
import type { QueuedMail } from '~db/schema';
import type { Db, Tx } from '../db';
import { commitGrouped } from '../grouped-commits';
import { registerInstance } from '../instances';
import {
  configuredTransport,
  isPermanentMailError,
  type Mail,
  type MailAttachment,
  type MailTransport,
} from './mail';
import {
  claimDueMails,
  insertQueuedMail,
  markMailAttemptFailed,
  markMailSent,
  nextDueTime,
  type QueueOptions,
  requeueInterruptedMails,
} from './mail-queue';

registerInstance('mail sender', import.meta.url);

/** The longest the sender sleeps between passes, even when nothing is due. */
const MAX_SLEEP_MS = 60_000;

export interface DeliveryOptions {
  /** The transport to use; the configured one (SMTP_URL or the outbox) by default. */
  transport?: MailTransport;
  /** The clock; tests move it forward. */
  clock?: () => Date;
  /** The display name of the From header, asked for each mail as it leaves (the configured one when unset). */
  senderName?: (db: Db) => string;
  /**
   * Renders a document a queued mail names (its `attachment` column, one name per line) as a file
   * to attach; null when it names nothing that exists any more. Without it, a mail naming one is
   * sent as it is.
   */
  attachment?: (db: Db, name: string) => Promise<MailAttachment | null>;
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

function reasonOf(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

async function deliverOne(db: Db, mail: QueuedMail, transport: MailTransport, options: DeliveryOptions) {
  const clock = options.clock ?? (() => new Date());
  try {
    const render = options.attachment;
    const names = mail.attachment && render ? mail.attachment.split('\n') : [];
    const attached = (await Promise.all(names.map((name) => render?.(db, name) ?? null))).filter(
      (file) => file !== null,
    );
    await transport({
      fromName: options.senderName?.(db),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      replyTo: mail.replyTo,
      messageId: mail.messageId,
      queuedAt: mail.createdAt,
      attachments: attached.length ? attached : undefined,
    });
  } catch (err) {
    const outcome = await commitGrouped(db, () =>
      markMailAttemptFailed(db, mail, reasonOf(err), clock(), isPermanentMailError(err)),
    );
    const what = `Mail ${mail.messageId} to ${mail.to} ("${mail.subject}")`;
    if (outcome === 'failed') getLog().error(`${what} failed: ${reasonOf(err)}`);
    else getLog().warn(`${what} not delivered yet, will try again: ${reasonOf(err)}`);
    return outcome === 'failed' ? 'failed' : 'retrying';
  }
  await commitGrouped(db, () => markMailSent(db, mail, clock()));
  return 'sent';
}

/**
 * One delivery pass: claims the mails due now (atomically, so two passes never send one twice)
 * and delivers them one after another. Its writes share their commits with the orders being paid
 * meanwhile (grouped-commits.ts), so delivering a confirmation costs the buyers no disk wait.
 */
export async function deliverDueMails(db: Db, options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const clock = options.clock ?? (() => new Date());
  const transport = options.transport ?? configuredTransport();
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  const passStart = clock();
  for (;;) {
    const batch = await commitGrouped(db, () => claimDueMails(db, passStart));
    if (!batch.length) return report;
    for (const mail of batch) report[await deliverOne(db, mail, transport, options)]++;
  }
}

interface RunningSender {
  db: Db;
  options: DeliveryOptions;
  timer: NodeJS.Timeout | undefined;
  pass: Promise<void> | undefined;
  again: boolean;
  stopped: boolean;
}

let sender: RunningSender | undefined;

function schedule(s: RunningSender): void {
  clearTimeout(s.timer);
  if (s.stopped) return;
  let wait = MAX_SLEEP_MS;
  try {
    const due = nextDueTime(s.db);
    const now = (s.options.clock ?? (() => new Date()))().getTime();
    if (due) wait = Math.min(Math.max(0, due.getTime() - now), MAX_SLEEP_MS);
  } catch (err) {
    getLog().error({ err }, 'The mail sender could not read the queue; it tries again in a minute.');
  }
  s.timer = setTimeout(() => run(s), wait);
  s.timer.unref();
}

function run(s: RunningSender): void {
  if (s.stopped) return;
  if (s.pass) {
    s.again = true;
    return;
  }
  s.again = false;
  s.pass = deliverDueMails(s.db, s.options)
    .then(
      () => undefined,
      (err) => getLog().error({ err }, 'The mail sender stopped a pass.'),
    )
    .finally(() => {
      s.pass = undefined;
      if (s.again) run(s);
      else schedule(s);
    });
}

/**
 * Starts the process's sender: mails left 'sending' by a stopped process go back to pending, and a
 * first pass runs now. Returns the stop function (also `stopMailSender`).
 */
export function startMailSender(db: Db, options: DeliveryOptions = {}): () => Promise<void> {
  if (sender) throw new Error('The mail sender is already running.');
  const requeued = requeueInterruptedMails(db);
  if (requeued) getLog().info(`${requeued} mail(s) interrupted by the last stop will be sent again.`);
  const s: RunningSender = { db, options, timer: undefined, pass: undefined, again: false, stopped: false };
  sender = s;
  run(s);
  return stopMailSender;
}

/** Stops the sender: no new pass starts, and the one under way (if any) is finished. */
export async function stopMailSender(): Promise<void> {
  const s = sender;
  if (!s) return;
  s.stopped = true;
  clearTimeout(s.timer);
  await s.pass;
  if (sender === s) sender = undefined;
}

/** Asks the running sender (if any) for a pass now. */
export function wakeMailSender(): void {
  if (sender) run(sender);
}

/**
 * Queues a mail inside the caller's transaction. The sender is woken on the next turn of the event
 * loop: a transaction of better-sqlite3 is synchronous, so by then it has committed (or rolled back,
 * and the pass finds nothing).
 */
export function queueMail(tx: Db | Tx, mail: Mail, options: QueueOptions & { now?: Date } = {}): QueuedMail {
  const { now, ...rest } = options;
  const row = insertQueuedMail(tx, mail, now, rest);
  setImmediate(wakeMailSender);
  return row;
}
