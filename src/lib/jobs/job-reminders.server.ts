// The reminders of a drone job, through the mail queue on an hourly timer: to the client two days
// before the shoot day ("Your drone shoot is on Thursday 10 December at …", and when the deposit
// asked is not paid yet, that the booking waits for it, with the link to pay), and for a balance
// invoice left unpaid, 7 and then 14 days after it was sent. Each is sent once (its timestamp
// column, set by a conditional update in the mail's own transaction), only for an accepted job (a
// withdrawn or cancelled quote is not one), and never to a job without an e-mail address. A balance
// reminder carries the job's link to pay, the same as in every earlier mail.
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { headerSafe } from '~/lib/platform/server/mail/mail';
import { queueMail } from '~/lib/platform/server/mail/mail-sender';
import { mailLine } from '~/lib/platform/server/mail/mail-text';
import { formatEuro } from '~/lib/platform/shared/format';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { OWNER_NAME } from '~/lib/site/constants';
import { type Quote, quotes } from '~db/schema';
import { paidJobPayment } from './deposit-payments.server';
import { fullDay } from './deposit-rules';
import { balanceInvoicing } from './job-invoices.server';
import { type MailableLink, mailableQuoteToken } from './quote-link.server';
import { addDays } from './quote-rules';
import { quoteUrl } from './quote-token.server';
import { quoteView } from './quote-view.server';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The client is reminded of the shoot this many days before it. */
export const SHOOT_REMINDER_DAYS = 2;
/** An unpaid balance invoice is recalled this many days after it was sent. */
export const BALANCE_REMINDER_DAYS = [7, 14] as const;

const subject = (text: string) => headerSafe(text).slice(0, 200);

/** "Thursday 10 December" from a YYYY-MM-DD day (en-IE would put a comma after the weekday). */
export function weekdayDay(day: string): string {
  const parts = new Intl.DateTimeFormat('en-IE', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).formatToParts(new Date(`${day}T12:00:00Z`));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')}`;
}

function acceptedWithEmail() {
  return and(eq(quotes.status, 'accepted'), ne(quotes.clientEmail, ''));
}

/** Queues the shoot reminders due today; answers how many. */
function shootReminders(db: Db, now: Date): number {
  const today = irishDay(now);
  const due = db
    .select()
    .from(quotes)
    .where(and(acceptedWithEmail(), isNotNull(quotes.shootDate), isNull(quotes.shootReminderSentAt)))
    .all()
    .filter((q) => q.shootDate && q.shootDate > today && q.shootDate <= addDays(today, SHOOT_REMINDER_DAYS));
  let queued = 0;
  for (const q of due) {
    db.transaction((tx) => {
      const claimed = tx
        .update(quotes)
        .set({ shootReminderSentAt: now })
        .where(and(eq(quotes.id, q.id), isNull(quotes.shootReminderSentAt)))
        .run();
      if (claimed.changes !== 1) return;
      const where = q.location ? ` at ${mailLine(q.location)}` : '';
      // A booking whose deposit is asked and not paid yet is not confirmed: the reminder says so,
      // with the job's link to pay it.
      const deposit = quoteView(tx, q, now).deposit;
      const link = deposit.state === 'due' ? mailableQuoteToken(tx, q.id) : null;
      const unpaid = link
        ? [
            '',
            `The deposit of ${formatEuro(deposit.amountCents)} is not paid yet: the booking is confirmed once it is.`,
            `Pay the deposit: ${quoteUrl(link.token)}`,
            ...(link.note ? [link.note] : []),
          ]
        : [];
      queueMail(tx, {
        to: q.clientEmail,
        subject: subject(`Your drone shoot on ${weekdayDay(q.shootDate ?? '')}: ${q.title}`),
        replyTo: getConfig().ownerEmail,
        text: [
          `Hello ${mailLine(q.acceptedName ?? q.clientName)},`,
          '',
          `Your drone shoot is on ${weekdayDay(q.shootDate ?? '')}${where}, for "${mailLine(q.title)}".`,
          ...unpaid,
          '',
          'Drone flights depend on the weather: if the wind or rain rules it out, the photographer will contact you to move it.',
          'If anything has changed on your side, just reply to this mail.',
          '',
          OWNER_NAME,
        ].join('\n'),
      });
      queued++;
    });
  }
  return queued;
}

type ReminderColumn = 'balanceReminder1SentAt' | 'balanceReminder2SentAt';

/** Queues the reminders of unpaid balance invoices that are due; answers how many. */
function balanceReminders(db: Db, now: Date): number {
  const candidates = db
    .select()
    .from(quotes)
    .where(and(acceptedWithEmail(), isNull(quotes.balanceReminder2SentAt)))
    .all();
  let queued = 0;
  for (const q of candidates) {
    // A balance invoiced by a specimen (a site that takes only test payments) is recalled the same.
    const invoice = balanceInvoicing(db, q);
    if (!invoice || paidJobPayment(db, q.id, 'balance')) continue;
    const age = now.getTime() - invoice.issuedAt.getTime();
    const [first, second] = BALANCE_REMINDER_DAYS;
    // The later reminder stands for both when the timer missed the earlier one.
    const column: ReminderColumn | null =
      age >= second * DAY_MS
        ? 'balanceReminder2SentAt'
        : age >= first * DAY_MS && !q.balanceReminder1SentAt
          ? 'balanceReminder1SentAt'
          : null;
    if (!column) continue;
    db.transaction((tx) => {
      const claimed = tx
        .update(quotes)
        .set(
          column === 'balanceReminder2SentAt'
            ? { balanceReminder2SentAt: now, balanceReminder1SentAt: q.balanceReminder1SentAt ?? now }
            : { balanceReminder1SentAt: now },
        )
        .where(and(eq(quotes.id, q.id), isNull(quotes[column])))
        .run();
      if (claimed.changes !== 1) return;
      const link = mailableQuoteToken(tx, q.id);
      queueMail(tx, balanceReminderMail(q, invoice.amountCents, irishDay(invoice.issuedAt), link));
      queued++;
    });
  }
  return queued;
}

function balanceReminderMail(q: Quote, amountCents: number, invoicedDay: string, link: MailableLink) {
  return {
    to: q.clientEmail,
    subject: subject(`Reminder: the balance for ${q.title}`),
    replyTo: getConfig().ownerEmail,
    text: [
      `Hello ${mailLine(q.acceptedName ?? q.clientName)},`,
      '',
      `A friendly reminder: the balance of ${formatEuro(amountCents)} for "${mailLine(q.title)}", invoiced on ${fullDay(invoicedDay)}, is not paid yet.`,
      '',
      `Pay the balance: ${quoteUrl(link.token)}`,
      ...(link.note ? [link.note] : []),
      '',
      'If you have paid it meanwhile, thank you, and please ignore this mail.',
      '',
      OWNER_NAME,
    ].join('\n'),
  };
}

/** Queues every job reminder that is due; answers how many mails were queued. */
export function sendJobReminders(db: Db, now = new Date()): number {
  return shootReminders(db, now) + balanceReminders(db, now);
}

/** Sends the due reminders now, then every hour; the timer never keeps the process alive. */
export function startJobReminders(db: Db, everyMs = HOUR_MS): () => void {
  const run = () => {
    try {
      const queued = sendJobReminders(db);
      if (queued > 0) getLog().info(`Queued ${queued} drone job reminder(s).`);
    } catch (err) {
      getLog().error({ err }, 'Drone job reminders failed.');
    }
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
