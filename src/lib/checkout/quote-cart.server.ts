// The checkout's quote of a cart, from the database alone: the prints priced as an order prices them,
// shipping by the zone of the chosen country, the discount of a code the buyer typed, and the VAT in
// each part (quote.ts). The quote endpoint shows it and order creation stores and charges the very
// same figures, so the buyer pays what they were shown. A sale and a code add up one way: the sale
// prices the prints first (priceOrderLines), and a code (its minimum order included) then works on
// the prints at their sale price, so a 10% code in a 10% sale takes 10% off the sale price.
import type { Db } from '~/lib/platform/server/db';
import { HttpError, isHttpError } from '~/lib/platform/server/http/http';
import { discountCodeLimiter, waitInWords } from '~/lib/platform/server/http/rate-limit';
import { centsToDecimal, formatEuro } from '~/lib/platform/shared/format';
import { CURRENCY } from '~/lib/site/constants';
import { DISCOUNT_CODE_PATTERN, DISCOUNT_MESSAGES, discountProblem } from '../selling/discount';
import { ratesForOrderTo } from '../selling/oss.server';
import type { OssCountry } from '../selling/oss-rates';
import { destinationOf, findDiscountCode, type StoredDiscount } from '../selling/selling-rules.server';
import { type PricedOrder, priceOrderLines } from './order-lines.server';
import { type Quote, quoteOrder } from './quote';
import type { QuoteAnswer } from './quote-answer';
import type { OrderLineInput } from './schemas';

/** What a quote is made of: the chosen prints, the destination's code, and a code as typed. */
export interface CartInput {
  lines: readonly OrderLineInput[];
  country: string;
  discountCode?: string | undefined;
}

export interface CartQuote {
  priced: PricedOrder;
  /** The destination's code, as checked (upper case). */
  country: string;
  quote: Quote;
  /** The code applied, or null. */
  discount: StoredDiscount | null;
  /** The country whose VAT the order carries under the One-Stop-Shop, or null for Irish VAT. */
  ossCountry: OssCountry | null;
}

/** The field of the checkout form a refused code is about. */
export const CODE_FIELD = { field: 'discountCode' } as const;

/** A code the buyer may use on prints worth `itemTotalCents` now, or a 422 saying why not. */
function usableCode(db: Db, typed: string, itemTotalCents: number, now: Date): StoredDiscount {
  // A text that cannot be a code is never looked up, and reads like an unknown code.
  const rule = DISCOUNT_CODE_PATTERN.test(typed.trim()) ? findDiscountCode(db, typed) : null;
  const problem = discountProblem(rule, itemTotalCents, now, formatEuro);
  if (problem !== null || !rule) throw new HttpError(422, problem ?? DISCOUNT_MESSAGES.invalid, CODE_FIELD);
  return rule;
}

/**
 * Quotes a cart to a country with an optional code, at `now` (a code's expiry). A print that cannot
 * be ordered is a 400 (priceOrderLines); an unknown country or one not shipped to a 422 on the
 * country; a code that cannot be used a 422 on the code's field.
 */
export function quoteCart(db: Db, input: CartInput, now: Date): CartQuote {
  const priced = priceOrderLines(db, input.lines, now);
  const destination = destinationOf(db, input.country.trim().toUpperCase());
  if (!destination.ships) throw new HttpError(422, destination.reason, { field: 'country' });
  const discount = input.discountCode ? usableCode(db, input.discountCode, priced.totalCents, now) : null;
  // Every price includes VAT and stays what the shop shows; the destination decides only how much
  // of it is VAT (the buyer's country's rate under the One-Stop-Shop, else Ireland's).
  const applied = ratesForOrderTo(db, destination.country);
  const quote = quoteOrder(
    priced.items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      printUnitCents: item.printCents,
      frameUnitCents: item.framingPriceCents,
      limitedEdition: item.editionSize !== null,
    })),
    destination.zone,
    discount,
    applied.rates,
  );
  return { priced, country: destination.country, quote, discount, ossCountry: applied.ossCountry };
}

const percent = (rateBp: number) => rateBp / 100;

/** The quote as the checkout reads it: euro strings with 2 decimals, rates in percent (23, 13.5). */
export function quoteAnswer({ priced, quote, discount }: CartQuote): QuoteAnswer {
  return {
    currency: CURRENCY,
    zone: { id: quote.zone.id, name: quote.zone.name },
    itemTotal: centsToDecimal(quote.itemTotalCents),
    shipping: centsToDecimal(quote.shippingCents),
    discount: centsToDecimal(quote.discountCents),
    total: centsToDecimal(quote.totalCents),
    discountCode: discount?.code ?? null,
    vat: quote.vat.map((v) => ({ rate: percent(v.rateBp), amount: centsToDecimal(v.vatCents) })),
    lines: quote.lines.map((line, i) => ({
      variantId: priced.items[i]?.variantId ?? '',
      framing: priced.items[i]?.framing ?? null,
      description: line.description,
      quantity: line.quantity,
      unitAmount: centsToDecimal(line.unitCents),
      total: centsToDecimal(line.lineTotalCents),
      discount: centsToDecimal(line.discountCents),
      vatRate: percent(line.print.rateBp),
      framingVatRate: line.frame ? percent(line.frame.rateBp) : null,
    })),
  };
}

/** What an address that guessed too many codes reads. */
export const tooManyCodesMessage = (seconds: number) =>
  `Too many codes that do not work were tried from your connection. Please try again in ${waitInWords(seconds)}.`;

/**
 * The seconds an address must wait before it may send a code again (0: it may). Only requests with a
 * code wait: a buyer who stops guessing can still see the quote and pay without one.
 */
export function codeGuessWait(clientIp: string, input: Pick<CartInput, 'discountCode'>): number {
  return input.discountCode ? discountCodeLimiter.waitFor(clientIp) : 0;
}

/** Runs `work`; a code it refuses counts as a wrong guess of this address. */
export async function countingWrongCodes<T>(clientIp: string, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isHttpError(err) && err.extra?.field === CODE_FIELD.field) discountCodeLimiter.hit(clientIp);
    throw err;
  }
}
