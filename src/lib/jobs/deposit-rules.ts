// The deposit of an accepted quote in words, the same for the owner's Jobs tab, the client's page
// and the mails: what is asked, whether it is paid, and what remains. Pure: the figures come from
// depositAmounts (quote-totals.ts) and the stored payment.
import { formatEuro } from '~/lib/platform/shared/format';
import type { DepositAmounts } from './quote-totals';

/** The deposit of a quote as every reader shows it. */
export interface DepositView extends DepositAmounts {
  /** none: no deposit asked (0%); due: asked and not paid; paid: captured in full. */
  state: 'none' | 'due' | 'paid';
  /** When it was paid (ISO), and the Irish day of it (YYYY-MM-DD). */
  paidAt: string | null;
  paidDay: string | null;
  /** Paid in test mode: no money was taken. */
  testMode: boolean;
}

const dayMonth = (day: string) =>
  new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** "29 November 2026" from a YYYY-MM-DD day. */
export const fullDay = (day: string) =>
  new Intl.DateTimeFormat('en-IE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));

/** "€95.10 (30% of €317.00)". */
export const depositAsked = (d: DepositAmounts) =>
  `${formatEuro(d.amountCents)} (${d.percent}% of ${formatEuro(d.amountCents + d.balanceCents)})`;

/**
 * The owner's words for the deposit of an accepted quote: "Deposit €95.10 paid 29 Nov · €221.90 to
 * pay", "Deposit €95.10 asked, not paid yet", "No deposit asked"; a test payment says so. Once the
 * balance is invoiced, what remains is the balance's to say: nothing for an unpaid deposit.
 */
export function ownerDepositWords(d: DepositView, balanceInvoiced = false): string | null {
  if (d.state === 'none') return 'No deposit asked';
  // Once the balance is invoiced, its own words say what remains, and an unpaid deposit is in it.
  if (d.state === 'due')
    return balanceInvoiced ? null : `Deposit ${formatEuro(d.amountCents)} asked, not paid yet`;
  const test = d.testMode ? ' (test payment, no money taken)' : '';
  const rest = balanceInvoiced ? '' : ` · ${formatEuro(d.balanceCents)} to pay`;
  return `Deposit ${formatEuro(d.amountCents)} paid ${d.paidDay ? dayMonth(d.paidDay) : ''}${test}${rest}`;
}

/** The client's words once paid: "Deposit of €95.10 paid on 29 November 2026. The balance of €221.90 is due on delivery." */
export function paidDepositWords(d: DepositView): string {
  const balance =
    d.balanceCents > 0 ? ` The balance of ${formatEuro(d.balanceCents)} is due on delivery.` : '';
  return `Deposit of ${formatEuro(d.amountCents)} paid on ${d.paidDay ? fullDay(d.paidDay) : 'an earlier day'}.${balance}`;
}
