// The balance of an accepted quote and its delivery in words, the same for the owner's Jobs tab, the
// client's page and the mails: whether it is invoiced, due or paid, and where the job's gallery
// stands. Pure: the figures come from the stored invoice and payment.
import { formatEuro } from '~/lib/platform/shared/format';
import { fullDay } from './deposit-rules';

/** The balance of an accepted quote as every reader shows it. */
export interface BalanceView {
  /** open: not invoiced yet; due: invoiced, not paid; paid: captured in full; none: nothing remains. */
  state: 'open' | 'due' | 'paid' | 'none';
  /** The balance, VAT included, and the VAT inside it at the quote's rate. */
  amountCents: number;
  vatCents: number;
  /** The invoice's number ("INV-000042") and the Irish day it was issued, once invoiced. */
  invoiceNumber: string | null;
  invoicedDay: string | null;
  /** Invoiced by a specimen, with no number (a site that takes only test payments). */
  invoiceSpecimen: boolean;
  /** When it was paid (the Irish day), and whether in test mode (no money taken). */
  paidDay: string | null;
  testMode: boolean;
}

/** The job's gallery, once attached. */
export interface JobGalleryView {
  id: string;
  title: string;
  /** The Irish day its downloads were released, or null while it is proofing. */
  releasedDay: string | null;
}

export const dayMonth = (day: string) =>
  new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** "Pay the balance: €221.90". */
export const payBalanceTitle = (b: BalanceView) => `Pay the balance: ${formatEuro(b.amountCents)}`;

/**
 * The owner's words for the balance: "€221.90 due since 3 Dec (INV-000042)", "Balance €221.90 paid
 * 9 Dec", "Balance €221.90 not invoiced yet"; a specimen invoice and a test payment say so.
 */
export function ownerBalanceWords(b: BalanceView): string {
  const amount = formatEuro(b.amountCents);
  switch (b.state) {
    case 'none':
      return 'Nothing remains to pay';
    case 'open':
      return `Balance ${amount} not invoiced yet`;
    case 'due':
      return `${amount} due since ${b.invoicedDay ? dayMonth(b.invoicedDay) : ''}${b.invoiceNumber ? ` (${b.invoiceNumber})` : b.invoiceSpecimen ? ' (specimen invoice)' : ''}`;
    case 'paid':
      return `Balance ${amount} paid ${b.paidDay ? dayMonth(b.paidDay) : ''}${b.testMode ? ' (test payment, no money taken)' : ''}`;
  }
}

/** The client's words once paid: "Balance of €221.90 paid on 9 December 2026. Thank you." */
export function paidBalanceWords(b: BalanceView): string {
  return `Balance of ${formatEuro(b.amountCents)} paid on ${b.paidDay ? fullDay(b.paidDay) : 'an earlier day'}. Thank you.`;
}

/** The owner's words for the gallery: "Gallery “Farm” attached, proofing until the balance is paid". */
export function ownerGalleryWords(g: JobGalleryView | null, balance: BalanceView | null): string {
  if (!g) return 'No gallery attached yet';
  if (g.releasedDay) return `Gallery “${g.title}”: downloads released ${dayMonth(g.releasedDay)}`;
  return balance?.state === 'paid' || balance?.state === 'none'
    ? `Gallery “${g.title}”: proofing, not released`
    : `Gallery “${g.title}”: proofing until the balance is paid`;
}
