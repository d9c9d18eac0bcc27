// The rules of a quote that the owner's tab, the client's page and the server share: the kinds of
// line, the defaults of a new quote, and where a quote stands in words.
import { QUOTE_LINE_KINDS, QUOTE_STATUSES } from '~db/enums';
import type { CancellationView } from './job-cancel-rules';
import type { JobStage } from './job-stages';

export { QUOTE_LINE_KINDS, QUOTE_STATUSES };
export type QuoteLineKind = (typeof QUOTE_LINE_KINDS)[number];
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** Where a quote stands as the owner and the client see it: a sent quote past its last day is expired. */
export type QuoteStanding = QuoteStatus | 'expired';
export const QUOTE_STANDINGS: readonly QuoteStanding[] = [
  'draft',
  'sent',
  'changes_requested',
  'accepted',
  'expired',
  'withdrawn',
  'cancelled',
];

export const LINE_KIND_LABELS: Record<QuoteLineKind, string> = {
  package: 'Package',
  hours: 'Hours',
  editing: 'Editing',
  travel: 'Travel',
  licence: 'Licence',
  other: 'Other',
};

export const STANDING_LABELS: Record<QuoteStanding, string> = {
  draft: 'Drafts',
  sent: 'Sent',
  changes_requested: 'Changes asked for',
  accepted: 'Accepted',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
  cancelled: 'Cancelled',
};

/** The share of the total asked as a deposit until the owner saves another default. */
export const DEFAULT_DEPOSIT_PERCENT = 30;

/** A new quote may be accepted for this many days. */
export const QUOTE_VALID_DAYS = 14;
/** Travel beyond the free radius, per km, until the owner types another rate. */
export const TRAVEL_RATE_CENTS_PER_KM = 60;
export const MAX_QUOTE_LINES = 40;
export const QUOTE_MESSAGE_MAX = 2000;
export const QUOTE_TERMS_MAX = 4000;

/** The terms a quote starts with until the owner saves others as the default. */
export const DEFAULT_QUOTE_TERMS = [
  'A deposit of 30% of the total confirms the booking; the balance is due on delivery of the edited material.',
  'Flights depend on the weather and on airspace permissions: a shoot that cannot fly safely is moved to the next suitable day at no cost.',
  'Cancelled by the client more than 7 days before the shoot: the deposit is refunded. Within 7 days: the deposit is kept.',
  'Licence: the client may use the delivered photos and video for the purpose described in this quote. The photographer keeps the copyright and may show the work in a portfolio unless asked not to.',
].join('\n\n');

/** The day `days` after a day, both YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Where a quote stands on `today` (YYYY-MM-DD in Irish time): a sent quote after its last day is expired. */
export function quoteStanding(status: QuoteStatus, validUntil: string, today: string): QuoteStanding {
  return status === 'sent' && today > validUntil ? 'expired' : status;
}

const dayMonth = (day: string) =>
  new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** "3 Dec 2026" from a YYYY-MM-DD day. */
export const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-IE', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));

export interface StandingFacts {
  status: QuoteStatus;
  validUntil: string;
  /** The Irish day the quote was last sent, or null. */
  sentDay: string | null;
  acceptedName: string | null;
  /** The Irish day of the acceptance, or null. */
  acceptedDay: string | null;
}

/** The owner's list's words for where a quote stands: "Sent 3 Dec, valid until 17 Dec", "Accepted by … on 5 Dec". */
export function standingWords(q: StandingFacts, today: string): string {
  switch (quoteStanding(q.status, q.validUntil, today)) {
    case 'draft':
      return q.sentDay ? 'Draft (being revised)' : 'Draft';
    case 'sent':
      return `Sent ${q.sentDay ? dayMonth(q.sentDay) : ''}, valid until ${dayMonth(q.validUntil)}`;
    case 'accepted':
      return `Accepted by ${q.acceptedName ?? 'the client'} on ${q.acceptedDay ? dayMonth(q.acceptedDay) : ''}`;
    case 'changes_requested':
      return 'Changes asked for';
    case 'expired':
      return 'Expired';
    case 'withdrawn':
      return 'Withdrawn';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** A quote as the owner's list shows it, the same on the server and in the Jobs tab. */
export interface QuoteListItem {
  id: string;
  clientName: string;
  title: string;
  grossCents: number;
  standing: QuoteStanding;
  standingWords: string;
  /** The deposit of an accepted quote in the owner's words ("Deposit €95.10 asked, not paid yet"), else null. */
  depositWords: string | null;
  /** Where the job stands, from enquiry to paid (job-stages.ts). */
  stage: JobStage;
  /** What is owed and since when ("€221.90 due since 3 Dec"), or null. */
  owedWords: string | null;
  /** A cancelled job's cancellation (what was refunded, its credit notes), else null. */
  cancellation: CancellationView | null;
  /** What the client paid (every payment, test ones included), the most a cancellation refunds. */
  paidCents: number;
  updatedAt: string;
}
