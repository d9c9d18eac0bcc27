// The quote form's state (amounts as the owner types them, in euros) and its payload for the
// endpoints (integer cents), checked by the endpoints' own schema before it is sent.
import type { QuoteLineKind } from '~/lib/jobs/quote-rules';
import { type QuoteInput, quoteInputSchema } from '~/lib/jobs/schemas';
import type { QuoteDefaultsJson, QuoteJson, QuotePrefill } from './quotes-api';

export interface LineState {
  key: number;
  kind: QuoteLineKind;
  description: string;
  quantity: string;
  unitPrice: string;
}

export interface FormState {
  enquiryId: string | null;
  clientName: string;
  clientEmail: string;
  title: string;
  location: string;
  shootDate: string;
  validUntil: string;
  terms: string;
  saveTermsAsDefault: boolean;
  /** The deposit percentage as typed (a whole number from 0 to 100). */
  depositPercent: string;
  saveDepositAsDefault: boolean;
  lines: LineState[];
}

let nextKey = 1;
export const lineKey = () => nextKey++;

/** "299.00" from cents. */
export const euros = (cents: number) => (cents / 100).toFixed(2);

/** Cents from what the owner typed ("299", "1,250.50", "€60"), or NaN when it is not an amount. */
export function centsOf(typed: string): number {
  const clean = typed.replace(/[€,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN;
  return Math.round(Number(clean) * 100);
}

export function initialForm(
  defaults: QuoteDefaultsJson,
  quote?: QuoteJson | null,
  prefill?: QuotePrefill,
): FormState {
  if (quote) {
    return {
      enquiryId: quote.enquiryId,
      clientName: quote.clientName,
      clientEmail: quote.clientEmail,
      title: quote.title,
      location: quote.location,
      shootDate: quote.shootDate ?? '',
      validUntil: quote.validUntil,
      terms: quote.terms,
      saveTermsAsDefault: false,
      depositPercent: String(quote.depositPercent),
      saveDepositAsDefault: false,
      lines: quote.lines.map((l) => ({
        key: lineKey(),
        kind: l.kind,
        description: l.description,
        quantity: String(l.quantity),
        unitPrice: euros(l.unitPriceCents),
      })),
    };
  }
  return {
    enquiryId: prefill?.enquiryId ?? null,
    clientName: prefill?.clientName ?? '',
    clientEmail: prefill?.clientEmail ?? '',
    title: '',
    location: '',
    shootDate: '',
    validUntil: defaults.validUntil,
    terms: defaults.terms,
    saveTermsAsDefault: false,
    depositPercent: String(defaults.depositPercent),
    saveDepositAsDefault: false,
    lines: [],
  };
}

/** The lines' amounts in cents for the live totals: a line not yet filled in counts as 0. */
export function amountsOf(lines: LineState[]) {
  return lines.map((l) => {
    const quantity = Number(l.quantity);
    const unitPriceCents = centsOf(l.unitPrice);
    return {
      quantity: Number.isInteger(quantity) ? quantity : 0,
      unitPriceCents: Number.isNaN(unitPriceCents) ? 0 : unitPriceCents,
    };
  });
}

/** The payload, or the first problem in the schema's own words. */
export function payloadOf(f: FormState): { ok: true; body: QuoteInput } | { ok: false; message: string } {
  const body = {
    enquiryId: f.enquiryId,
    clientName: f.clientName,
    clientEmail: f.clientEmail,
    title: f.title,
    location: f.location,
    shootDate: f.shootDate,
    validUntil: f.validUntil,
    terms: f.terms,
    saveTermsAsDefault: f.saveTermsAsDefault,
    depositPercent: f.depositPercent.trim() === '' ? Number.NaN : Number(f.depositPercent),
    saveDepositAsDefault: f.saveDepositAsDefault,
    lines: f.lines.map((l) => ({
      kind: l.kind,
      description: l.description,
      quantity: Number(l.quantity),
      unitPriceCents: centsOf(l.unitPrice),
    })),
  };
  for (const [i, l] of body.lines.entries()) {
    if (Number.isNaN(l.unitPriceCents)) {
      return {
        ok: false,
        message: `Line ${i + 1}: the price must be an amount in euros, such as 299 or 299.50.`,
      };
    }
  }
  const parsed = quoteInputSchema.safeParse(body);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'Please check the form.' };
  return { ok: true, body };
}
