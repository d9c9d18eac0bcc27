// Where a drone job stands, from the first draft of its quote to its paid balance, for the Jobs tab's
// list and filters, with what is owed and since when in the owner's words. Pure: it reads the quote
// as every reader shows it.
import { formatEuro } from '~/lib/platform/shared/format';
import { type BalanceView, dayMonth, type JobGalleryView } from './balance-rules';
import type { DepositView } from './deposit-rules';
import type { QuoteStanding } from './quote-rules';

export const JOB_STAGES = [
  'enquiry',
  'quote_sent',
  'accepted',
  'booked',
  'delivered',
  'paid',
  'cancelled',
] as const;
export type JobStage = (typeof JOB_STAGES)[number];

export const JOB_STAGE_LABELS: Record<JobStage, string> = {
  enquiry: 'Enquiry',
  quote_sent: 'Quote sent',
  accepted: 'Accepted (deposit due)',
  booked: 'Booked',
  delivered: 'Delivered (balance due)',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/** What the stage needs of a quote. */
export interface JobFacts {
  standing: QuoteStanding;
  shootDate: string | null;
  /** The Irish day of the acceptance, or null. */
  acceptedDay: string | null;
  deposit: DepositView;
  balance: BalanceView | null;
  gallery: JobGalleryView | null;
}

export function jobStage(j: JobFacts): JobStage {
  switch (j.standing) {
    case 'draft':
    case 'changes_requested':
      return 'enquiry';
    case 'sent':
      return 'quote_sent';
    case 'expired':
    case 'withdrawn':
    case 'cancelled':
      return 'cancelled';
    case 'accepted':
      break;
  }
  const b = j.balance;
  if (b?.state === 'paid' || b?.state === 'none') return 'paid';
  if (b?.state === 'due' || j.gallery) return 'delivered';
  if (j.deposit.state === 'due') return 'accepted';
  return 'booked';
}

/**
 * What is owed and since when, in the owner's words ("€221.90 due since 3 Dec"), or null when
 * nothing is: the deposit from the acceptance, the balance from its invoice.
 */
export function owedWords(j: JobFacts): string | null {
  const stage = jobStage(j);
  const b = j.balance;
  if (stage === 'accepted') {
    return `Deposit ${formatEuro(j.deposit.amountCents)} due since ${j.acceptedDay ? dayMonth(j.acceptedDay) : ''}`;
  }
  if (stage === 'booked') {
    const shoot = j.shootDate ? `Shoot ${dayMonth(j.shootDate)} · ` : '';
    return `${shoot}${formatEuro(b?.amountCents ?? 0)} to pay on delivery`;
  }
  if (stage === 'delivered' && b) {
    return b.state === 'due'
      ? `${formatEuro(b.amountCents)} due since ${b.invoicedDay ? dayMonth(b.invoicedDay) : ''}`
      : `${formatEuro(b.amountCents)} to invoice`;
  }
  if (stage === 'paid') return 'Paid in full';
  return null;
}
