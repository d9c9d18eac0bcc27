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
