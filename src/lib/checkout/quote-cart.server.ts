// The checkout's quote of a cart, from the database alone: the prints priced as an order prices them,
// shipping by the zone of the chosen country, the discount of a code the buyer typed, and the VAT in
// each part (quote.ts). The quote endpoint shows it and order creation stores and charges the very
// same figures, so the buyer pays what they were shown. A sale and a code add up one way: the sale
// prices the prints first (priceOrderLines), and a code (its minimum order included) then works on
// the prints at their sale price, so a 10% code in a 10% sale takes 10% off the sale price.
import {
  isLabAnswerError,
  isLabRefused,
  isLabUnavailable,
  type Lab,
  type ShippingMethod,
} from '~/lib/lab/lab';
import { getLab } from '~/lib/lab/lab-backend.server';
import { labSettingsOf } from '~/lib/lab/lab-products.server';
import { type LabShippingQuote, labShippingQuotes } from '~/lib/lab/lab-quotes.server';
import type { Db } from '~/lib/platform/server/db';
import { HttpError, isHttpError } from '~/lib/platform/server/http/http';
import { discountCodeLimiter, waitInWords } from '~/lib/platform/server/http/rate-limit';
import { getLog } from '~/lib/platform/server/log';
import { centsToDecimal, formatEuro } from '~/lib/platform/shared/format';
import { CURRENCY } from '~/lib/site/constants';
import { countryInSentence } from '../selling/countries';
import { DISCOUNT_CODE_PATTERN, DISCOUNT_MESSAGES, discountProblem } from '../selling/discount';
import { ratesForOrderTo } from '../selling/oss.server';
import type { OssCountry } from '../selling/oss-rates';
import { destinationOf, findDiscountCode, type StoredDiscount } from '../selling/selling-rules.server';
import { type PricedOrder, priceOrderLines } from './order-lines.server';
import { type Quote, quoteOrder } from './quote';
import type { QuoteAnswer } from './quote-answer';
import type { OrderLineInput } from './schemas';

/**
 * What a quote is made of: the chosen prints, the destination's code, a code as typed, and the
 * print lab's delivery speed the buyer chose (none: the one offered first).
 */
export interface CartInput {
  lines: readonly OrderLineInput[];
  country: string;
  discountCode?: string | undefined;
  labShippingMethod?: ShippingMethod | undefined;
}

/** The lab's delivery the buyer pays for, and every speed they could choose instead. */
export type LabShippingChoice = LabShippingQuote & { options: LabShippingQuote[] };

export interface CartQuote {
  priced: PricedOrder;
  /** The destination's code, as checked (upper case). */
  country: string;
  quote: Quote;
  /** The code applied, or null. */
  discount: StoredDiscount | null;
  /** The country whose VAT the order carries under the One-Stop-Shop, or null for Irish VAT. */
  ossCountry: OssCountry | null;
  /** The lab's delivery of the prints it makes, as it quoted it; null when the owner makes them all. */
  lab: LabShippingChoice | null;
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
 * Quotes a cart to a country with an optional code, at `now` (a code's expiry), with the lab's
 * delivery charge for the prints the lab makes (`labShipping`, from quoteCartWithLab). A print that
 * cannot be ordered is a 400 (priceOrderLines); an unknown country or one not shipped to a 422 on
 * the country; a code that cannot be used a 422 on the code's field; lab prints without the lab's
 * charge a 503.
 */
export function quoteCart(
  db: Db,
  input: CartInput,
  now: Date,
  labShipping: LabShippingChoice | null = null,
  priced = priceOrderLines(db, input.lines, now),
): CartQuote {
  const destination = shipsTo(db, input.country);
  if (priced.items.some((item) => item.lab) && !labShipping) throw new HttpError(503, LAB_CANNOT_PRICE);
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
      madeByLab: item.lab !== null,
    })),
    destination.zone,
    discount,
    applied.rates,
    labShipping?.cents ?? 0,
  );
  return {
    priced,
    country: destination.country,
    quote,
    discount,
    ossCountry: applied.ossCountry,
    lab: priced.items.some((item) => item.lab) ? labShipping : null,
  };
}

/**
 * The quote of a cart, asking the lab for its delivery charge when the lab makes any of its prints:
 * one call for all of them, kept for an hour (lab-quotes.server.ts). When the lab cannot be asked
 * (no lab, unreachable, an answer not in euro) the cart is refused with a 503 that says so: the
 * lab's prints are never sold at a guessed price. A destination the lab will not deliver to is a
 * 422 on the country.
 */
export async function quoteCartWithLab(
  db: Db,
  input: CartInput,
  now: Date,
  lab: Lab | null = getLab(),
): Promise<CartQuote> {
  const priced = priceOrderLines(db, input.lines, now);
  const destination = shipsTo(db, input.country);
  const labLines = priced.items.flatMap((item) => (item.lab ? [{ ...item, lab: item.lab }] : []));
  if (labLines.length === 0) return quoteCart(db, input, now, null, priced);
  if (!lab) throw new HttpError(503, LAB_CANNOT_PRICE);
  const settings = labSettingsOf(db);
  const wanted = input.labShippingMethod;
  if (wanted && !settings.offeredMethods.includes(wanted)) {
    throw new HttpError(
      422,
      `${wanted} delivery is not offered for the print lab's prints. ${chooseFrom(settings.offeredMethods)}`,
      LAB_METHOD_FIELD,
    );
  }
  let options: LabShippingQuote[];
  try {
    options = await labShippingQuotes(lab, {
      country: destination.country,
      methods: settings.offeredMethods,
      items: labLines.map((item) => ({
        sku: item.lab.sku,
        copies: item.quantity,
        attributes: item.lab.attributes,
      })),
    });
  } catch (err) {
    if (isLabRefused(err)) {
      throw new HttpError(
        422,
        `Some of these prints are made and sent by our print lab, which cannot deliver them to ${countryInSentence(destination.country)}. Please remove them or choose another country.`,
        { field: 'country' },
      );
    }
    if (isLabUnavailable(err) || isLabAnswerError(err)) {
      getLog().warn(
        `The lab could not quote a delivery to ${destination.country}: ${(err as Error).message}`,
      );
      throw new HttpError(503, LAB_CANNOT_PRICE);
    }
    throw err;
  }
  const chosen =
    options.find((o) => o.method === (wanted ?? settings.shippingMethod)) ?? (wanted ? null : options[0]);
  if (!chosen) {
    const place = countryInSentence(destination.country);
    throw new HttpError(
      422,
      `Our print lab does not deliver to ${place} by ${wanted} delivery. ${chooseFrom(options.map((o) => o.method))}`,
      LAB_METHOD_FIELD,
    );
  }
  return quoteCart(db, input, now, { ...chosen, options }, priced);
}

/** The checkout's field of the lab's delivery speed, which a refused speed is about. */
export const LAB_METHOD_FIELD = { field: 'labShippingMethod' } as const;

const chooseFrom = (methods: readonly ShippingMethod[]) =>
  methods.length === 1
    ? `Please choose ${methods[0]} delivery.`
    : `Please choose one of: ${methods.join(', ')}.`;

/** The destination of a cart, or a 422 on the country when it is unknown or not shipped to. */
function shipsTo(db: Db, typed: string) {
  const destination = destinationOf(db, typed.trim().toUpperCase());
  if (!destination.ships) throw new HttpError(422, destination.reason, { field: 'country' });
  return destination;
}

/** What a buyer reads when the lab's prints cannot be priced now. */
export const LAB_CANNOT_PRICE =
  'The prints made by our print lab cannot be priced just now, so they cannot be ordered. Please try again in a few minutes, or remove them from your cart.';

const percent = (rateBp: number) => rateBp / 100;

/** The quote as the checkout reads it: euro strings with 2 decimals, rates in percent (23, 13.5). */
export function quoteAnswer({ priced, quote, discount, lab }: CartQuote): QuoteAnswer {
  const ownerSends = priced.items.some((item) => !item.lab);
  return {
    currency: CURRENCY,
    zone: { id: quote.zone.id, name: quote.zone.name },
    itemTotal: centsToDecimal(quote.itemTotalCents),
    shipping: centsToDecimal(quote.shippingCents),
    shippingParts: [
      ...(ownerSends ? [{ by: 'owner' as const, amount: centsToDecimal(quote.ownerShippingCents) }] : []),
      ...(lab
        ? [
            {
              by: 'lab' as const,
              amount: centsToDecimal(quote.labShippingCents),
              method: lab.method,
              madeIn: lab.madeIn,
              madeInWords: lab.madeIn.map(countryInSentence),
              options: lab.options.map((o) => ({ method: o.method, amount: centsToDecimal(o.cents) })),
            },
          ]
        : []),
    ],
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
      madeBy: line.madeByLab ? ('lab' as const) : ('owner' as const),
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
