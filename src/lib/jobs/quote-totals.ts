// The one sum of a quote, pure and in integer cents: each line's net amount (quantity × unit
// price), the net total, the VAT added at the quote's rate (rounded once, on the total, to the
// nearest cent) and the gross total the client accepts. The owner's form, the client's page, the
// PDF, the mails and the acceptance all read their figures from here.

export interface QuoteLineAmounts {
  quantity: number;
  unitPriceCents: number;
}

export interface QuoteTotals {
  /** Each line's net amount, in the order given. */
  lineNetCents: number[];
  netCents: number;
  vatRateBp: number;
  vatCents: number;
  grossCents: number;
}

export function quoteTotals(lines: readonly QuoteLineAmounts[], vatRateBp: number): QuoteTotals {
  const lineNetCents = lines.map((l) => l.quantity * l.unitPriceCents);
  const netCents = lineNetCents.reduce((sum, n) => sum + n, 0);
  const vatCents = Math.round((netCents * vatRateBp) / 10_000);
  return { lineNetCents, netCents, vatRateBp, vatCents, grossCents: netCents + vatCents };
}

export interface DepositAmounts {
  percent: number;
  /** The deposit, VAT included: the total × percent / 100, to the nearest cent (half a cent up). */
  amountCents: number;
  /** The VAT inside the deposit at the quote's rate: amount × rate / (1 + rate), to the nearest cent. */
  vatCents: number;
  /** What remains to pay after the deposit. */
  balanceCents: number;
}

/**
 * The deposit asked of a total (VAT included) at a percentage, and the VAT inside it. Integer
 * arithmetic: total × percent is a whole number of hundredths of a cent, so Math.round rounds the
 * one exact half (x.5 cents) up, the way a person rounds; the VAT inside is rounded the same way.
 */
export function depositAmounts(totalCents: number, percent: number, vatRateBp: number): DepositAmounts {
  const amountCents = Math.round((totalCents * percent) / 100);
  const vatCents = Math.round((amountCents * vatRateBp) / (10_000 + vatRateBp));
  return { percent, amountCents, vatCents, balanceCents: totalCents - amountCents };
}
