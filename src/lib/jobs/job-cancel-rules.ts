// The cancellation of an accepted drone job, shared by the owner's dialog, the client's page and the
// server: the payload (what to refund and why), how a refund is shared out over the job's payments
// (the most recent first: the balance, then the deposit), and the words every reader shows. Pure.
import { z } from 'zod';
import { hasControlCharacter } from '~/lib/platform/shared/control-characters';
import { formatEuro } from '~/lib/platform/shared/format';
import { statedVatCents } from '~/lib/selling/vat';

export const CANCEL_REASON_MAX = 500;

/** POST /api/admin/quotes/{id}/cancel: what to give back, in cents (the server caps it), and why. */
export const jobCancelSchema = z
  .object({
    refundCents: z
      .number({ error: 'Please enter the refund in euros, as 95.10 (0 for none).' })
      .int('The refund must be a whole number of cents.')
      .min(0, 'A refund cannot be negative.')
      .max(10_000_000, 'A refund must be at most €100,000.'),
    reason: z
      .string({ error: 'Please give the reason for cancelling the job.' })
      .trim()
      .min(1, 'Please give the reason for cancelling the job.')
      .max(CANCEL_REASON_MAX, `The reason must be at most ${CANCEL_REASON_MAX} characters.`)
      .refine(
        (v) => !hasControlCharacter(v.replace(/\r?\n/g, ' ')),
        'The reason may not hold control characters.',
      ),
  })
  .strict();
export type JobCancelInput = z.infer<typeof jobCancelSchema>;

/**
 * Cents from the euros a person types ("95.10", "95,1", "€95"), or NaN when it is not an amount.
 * Integer arithmetic on the digits, so "0.29" is 29 cents exactly (0.29 × 100 in floating point is not).
 */
export function centsFromEuros(text: string): number {
  const plain = text.trim().replace(/^€\s*/, '').replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(plain)) return Number.NaN;
  const [whole = '0', part = ''] = plain.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/** A paid payment of the job as the refund sees it. */
export interface RefundablePayment {
  id: string;
  kind: 'deposit' | 'balance';
  amountCents: number;
  /** Given back already (by an earlier attempt at this cancellation that stopped half-way). */
  refundedCents: number;
  refunded: boolean;
}

/** The most recent payment first: the balance is refunded before the deposit. */
const ORDER = { balance: 0, deposit: 1 } as const;

/** What was paid: the most a cancellation gives back (what it refunded already included). */
export const refundableCents = (payments: readonly RefundablePayment[]) =>
  payments.reduce((sum, p) => sum + p.amountCents, 0);

/**
 * How `refundCents` is taken from the payments: what was refunded already counts first, the rest
 * from the payments not yet refunded, the balance before the deposit. Null when the payments do not
 * hold that much (or when less was asked than was refunded already).
 */
export function shareRefund(
  payments: readonly RefundablePayment[],
  refundCents: number,
): { paymentId: string; cents: number }[] | null {
  const done = payments.filter((p) => p.refunded).reduce((sum, p) => sum + p.refundedCents, 0);
  let rest = refundCents - done;
  if (rest < 0) return null;
  const shares: { paymentId: string; cents: number }[] = [];
  for (const p of [...payments].sort((a, b) => ORDER[a.kind] - ORDER[b.kind])) {
    if (p.refunded || rest === 0) continue;
    const cents = Math.min(rest, p.amountCents);
    shares.push({ paymentId: p.id, cents });
    rest -= cents;
  }
  return rest === 0 ? shares : null;
}

/** A cancelled job as every reader shows it. */
export interface CancellationView {
  cancelledAt: string;
  /** The Irish day of the cancellation (YYYY-MM-DD). */
  cancelledDay: string;
  reason: string;
  /** What was given back, in all, and whether any of it was a test payment (no money taken). */
  refundedCents: number;
  testMode: boolean;
  /** The credit notes issued for the refund: one per payment refunded that had an invoice. */
  creditNotes: { part: 'deposit' | 'balance'; number: string; amountCents: number; vatCents: number }[];
}

const dayMonth = (day: string) =>
  new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** The owner's words: "Cancelled 9 Dec · €95.10 refunded (CN-000003)", "Cancelled 9 Dec · nothing refunded". */
export function ownerCancelWords(c: CancellationView): string {
  const notes = c.creditNotes.map((n) => n.number).join(', ');
  const refunded =
    c.refundedCents > 0
      ? `${formatEuro(c.refundedCents)} refunded${c.testMode ? ' (test payment, no money taken)' : ''}${notes ? ` (${notes})` : ''}`
      : 'nothing refunded';
  return `Cancelled ${dayMonth(c.cancelledDay)} · ${refunded}`;
}

/** The client's words: "This job was cancelled. €95.10 was refunded to you." */
export function clientCancelWords(c: CancellationView): string {
  if (c.refundedCents <= 0) return 'This job was cancelled. Nothing was refunded.';
  // A test payment took no money, so none goes back: it is only marked refunded.
  return c.testMode
    ? `This job was cancelled. ${formatEuro(c.refundedCents)} of your test payment was marked refunded.`
    : `This job was cancelled. ${formatEuro(c.refundedCents)} was refunded to you.`;
}

/**
 * The VAT a credit note gives back of its invoice: the invoice's stated VAT in the share refunded,
 * so that a whole refund takes back exactly the VAT the invoice charged.
 */
export function creditedVatCents(
  invoice: { vatCents: number | null; amountCents: number },
  refundCents: number,
  vatRateBp: number,
): number {
  const stated = statedVatCents(invoice, vatRateBp);
  if (invoice.amountCents <= 0) return 0;
  return refundCents >= invoice.amountCents
    ? stated
    : Math.round((stated * refundCents) / invoice.amountCents);
}
