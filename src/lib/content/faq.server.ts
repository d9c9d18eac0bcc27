// The FAQ as the owner keeps it: one list of questions and answers, stored as one editable block
// (website_content faq.entries, a JSON list checked by the shared FAQ schema), the defaults until
// the owner saves a list. Placeholders are filled from the settings of the moment.
import { and, eq, min } from 'drizzle-orm';
import {
  FAQ_DEFAULTS,
  type FaqEntry,
  type FaqFacts,
  faqPlaceholderValues,
  faqSchema,
} from '~/lib/content/faq';
import { fillPlaceholders } from '~/lib/content/placeholders';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { shippingFaqText } from '~/lib/selling/shipping-admin.server';
import { glossPriceSentence } from '~/lib/shop/finish-wording';
import { gridEntries } from '~/lib/shop/price-lists';
import { variantFitsPhoto } from '~/lib/shop/print-fit.server';
import { currentPrices, listActiveFramingOptions } from '~/lib/shop/products.server';
import { byProductOrder, type CatalogueProduct, SIZES_BY_AREA } from '~/lib/site/catalogue';
import { FINISHES, type Finish, type PrintSize } from '~/lib/site/constants';
import { photos, productVariants, websiteContent } from '~db/schema';
import { getSectionText, upsertContent } from './content.server';

const SECTION = 'faq';
const KEY = 'entries';

/** The owner's FAQ as written (placeholders unfilled), or the defaults; a list that no longer passes is logged and replaced by the defaults. */
export function listFaqEntries(db: Db): FaqEntry[] {
  let stored: string | undefined;
  try {
    stored = db
      .select({ content: websiteContent.content })
      .from(websiteContent)
      .where(and(eq(websiteContent.section, SECTION), eq(websiteContent.key, KEY)))
      .get()?.content;
  } catch (err) {
    getLog().error({ err }, 'Could not read the FAQ; showing the default questions.');
  }
  if (stored === undefined) return [...FAQ_DEFAULTS];
  try {
    return faqSchema.parse({ entries: JSON.parse(stored) }).entries;
  } catch (err) {
    getLog().error({ err }, 'The stored FAQ does not pass its rules; showing the default questions.');
    return [...FAQ_DEFAULTS];
  }
}

/** Replaces the whole FAQ with a list that passed the FAQ schema. */
export function saveFaqEntries(db: Db, entries: readonly FaqEntry[]): FaqEntry[] {
  const list = entries.map(({ question, answer }) => ({ question, answer }));
  upsertContent(db, SECTION, KEY, JSON.stringify(list));
  return list;
}

/** A product on sale with its lowest price across the shown photos it fits ("from" €45.00). */
export interface FromPrice extends CatalogueProduct {
  cents: number;
}

/**
 * The lowest price of each product on sale, across the shown photos it is offered for (their
 * pixels, proportion and the owner's crops allowing), by material then size.
 */
export function fromPrices(db: Db): FromPrice[] {
  return db
    .select({
      size: productVariants.size,
      finish: productVariants.finish,
      cents: min(productVariants.priceCents),
    })
    .from(productVariants)
    .innerJoin(photos, eq(photos.id, productVariants.photoId))
    .where(and(eq(photos.isActive, true), variantFitsPhoto()))
    .groupBy(productVariants.size, productVariants.finish)
    .all()
    .flatMap((r) => (r.cents === null ? [] : [{ size: r.size, finish: r.finish, cents: r.cents }]))
    .sort(byProductOrder);
}

/** What gloss costs against matte, said from the lowest prices on sale at each size. */
export function glossSentenceOf(db: Db, prices: readonly FromPrice[] = fromPrices(db)): string {
  const cents = (size: PrintSize, finish: Finish) =>
    prices.find((p) => p.size === size && p.finish === finish)?.cents ?? null;
  return glossPriceSentence(
    SIZES_BY_AREA.map((size) => ({
      size,
      matteCents: cents(size, 'matte'),
      glossCents: cents(size, 'gloss'),
    })),
  );
}

/**
 * The home page's quick pricing guide, from the prices on sale: the matte prints' smallest and
 * largest sizes, each from its lowest price (gloss is said against them in a sentence), then each
 * other material from the lowest price of any of its sizes, with that size. Empty while nothing is
 * on sale.
 */
export function pricingGuideOf(prices: readonly FromPrice[]): { sizes: FromPrice[]; materials: FromPrice[] } {
  const matte = prices.filter((p) => p.finish === 'matte');
  const ends =
    matte.length <= 1 ? matte : [matte[0], matte.at(-1)].filter((p): p is FromPrice => p !== undefined);
  // Gloss is said against matte in a sentence, where some size is sold in both.
  const glossSaid = prices.some((p) => p.finish === 'gloss' && matte.some((m) => m.size === p.size));
  const others = FINISHES.filter((f) => f !== 'matte' && (f !== 'gloss' || !glossSaid)).flatMap((f) => {
    const lowest = prices
      .filter((p) => p.finish === f)
      .reduce<FromPrice | undefined>(
        (best, p) => (best === undefined || p.cents < best.cents ? p : best),
        undefined,
      );
    return lowest ? [lowest] : [];
  });
  return { sizes: ends, materials: others };
}

/** The sizes and materials the shop sells (the products it offers at a price), for the FAQ. */
export function catalogueFactsOf(db: Db): { sizes: PrintSize[]; materials: Finish[] } {
  const sold = gridEntries(currentPrices(db));
  return {
    sizes: SIZES_BY_AREA.filter((s) => sold.some((p) => p.size === s)),
    materials: FINISHES.filter((f) => sold.some((p) => p.finish === f)),
  };
}

/** The lowest price of an active framing option in cents, or null when framing is not offered. */
export function framingFromCentsOf(db: Db): number | null {
  const prices = listActiveFramingOptions(db).map((f) => f.priceCents);
  return prices.length ? Math.min(...prices) : null;
}

/** The facts the FAQ's placeholders are filled from, as the settings stand now. */
export function currentFaqFacts(db: Db): FaqFacts {
  return {
    ...catalogueFactsOf(db),
    glossSentence: glossSentenceOf(db),
    framingFromCents: framingFromCentsOf(db),
    dronePrice: getSectionText(db, 'drone').price,
    shipping: shippingFaqText(db),
  };
}

/** The FAQ as visitors read it: each question and answer with its placeholders filled. */
export function fillFaq(entries: readonly FaqEntry[], facts: FaqFacts): FaqEntry[] {
  const values = faqPlaceholderValues(facts);
  // An empty fact (no size sold in both finishes) leaves no double space or trailing space behind.
  const fill = (text: string) => fillPlaceholders(text, values).replace(/ {2,}/g, ' ').trim();
  return entries.map(({ question, answer }) => ({ question: fill(question), answer: fill(answer) }));
}
