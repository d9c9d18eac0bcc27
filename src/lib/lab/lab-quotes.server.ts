// What the lab charges to deliver the prints it makes to a country, by each delivery speed the owner
// offers, for the checkout. One call to the lab quotes every lab line of a cart together (the lab
// packs them in as few parcels as it can) by every offered speed at once, and the answer is kept for
// an hour per destination, speeds and set of prints, so a buyer changing their country, code or
// speed is not kept waiting on the lab each time.
// Buyers asking the same thing at once share one call. Only answers are kept: a failure is never
// cached, and never replaced by a guess.
import { registerInstance } from '~/lib/platform/server/instances';
import { type Lab, LabAnswerError, type ShippingMethod } from './lab';

registerInstance('lab quotes', import.meta.url);

export const LAB_QUOTE_TTL_MS = 60 * 60 * 1000;
/** Enough for every country and many carts; the oldest answer makes room for a new one. */
const MAX_KEPT = 2000;

export interface LabShippingRequest {
  /** Two-letter ISO code. */
  country: string;
  /** The speeds to quote, in the order they are offered. */
  methods: readonly ShippingMethod[];
  items: readonly { sku: string; copies: number; attributes: Record<string, string> }[];
}

export interface LabShippingQuote {
  method: ShippingMethod;
  /** What the lab charges to deliver the lab's prints, in euro cents. */
  cents: number;
  /** Where the lab will make them: two-letter country codes, one per parcel's maker. */
  madeIn: string[];
}

const kept = new Map<string, { at: number; quotes: LabShippingQuote[] }>();
const asking = new Map<string, Promise<LabShippingQuote[]>>();

const keyOf = (r: LabShippingRequest) =>
  JSON.stringify([
    r.country,
    r.methods,
    r.items
      .map((i) => [i.sku, i.copies, Object.entries(i.attributes).sort()])
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  ]);

/**
 * The lab's delivery charge for these prints by each of the speeds asked that the lab delivers by
 * there (at least one), in the order asked. Throws the lab's errors as they come: unavailable (try
 * later), refused (it will not deliver them there), an answer in another currency than euro, or
 * none of the speeds asked.
 */
export function labShippingQuotes(
  lab: Lab,
  request: LabShippingRequest,
  now = Date.now(),
): Promise<LabShippingQuote[]> {
  const key = keyOf(request);
  const hit = kept.get(key);
  if (hit && now - hit.at < LAB_QUOTE_TTL_MS) return Promise.resolve(hit.quotes);
  const running = asking.get(key);
  if (running) return running;
  const ask = askLab(lab, request)
    .then((quotes) => {
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(key, { at: now, quotes });
      return quotes;
    })
    .finally(() => asking.delete(key));
  asking.set(key, ask);
  return ask;
}

async function askLab(lab: Lab, request: LabShippingRequest): Promise<LabShippingQuote[]> {
  const [only] = request.methods;
  const quotes = await lab.quote({
    destinationCountryCode: request.country,
    currency: 'EUR',
    // One speed is asked by name; several are asked in one call that quotes every speed.
    ...(request.methods.length === 1 && only ? { shippingMethod: only } : {}),
    items: request.items.map((i) => ({
      sku: i.sku,
      copies: i.copies,
      attributes: i.attributes,
      printAreas: ['default'],
    })),
  });
  const answers = request.methods.flatMap((method) => {
    const quote = quotes.find((q) => q.shippingMethod === method);
    if (!quote) return [];
    if (quote.shipping.currency !== 'EUR') {
      throw new LabAnswerError(lab.name, 200, `shipping quoted in ${quote.shipping.currency}, not EUR`);
    }
    return [
      {
        method,
        cents: quote.shipping.cents,
        madeIn: [...new Set(quote.shipments.map((s) => s.madeInCountry))],
      },
    ];
  });
  if (answers.length === 0) {
    throw new LabAnswerError(lab.name, 200, `no quote for ${request.methods.join(' or ')} delivery`);
  }
  return answers;
}

/** Forgets every kept answer (the owner changed the lab's products, and tests). */
export function forgetLabQuotes(): void {
  kept.clear();
}
