// The FAQ as the owner keeps it: one list of questions and answers, stored as one editable block
// (website_content faq.entries, a JSON list checked by the shared FAQ schema), the defaults until
// the owner saves a list. Placeholders are filled from the settings of the moment.
import { and, eq } from 'drizzle-orm';
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
import { getFromPrice, listActiveFramingOptions } from '~/lib/shop/products.server';
import { PRINT_SIZES } from '~/lib/site/constants';
import { websiteContent } from '~db/schema';
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

/** What gloss costs against matte, said from the lowest prices on sale at each size. */
export function glossSentenceOf(db: Db): string {
  return glossPriceSentence(
    PRINT_SIZES.map((size) => ({
      size,
      matteCents: getFromPrice(db, size, 'matte'),
      glossCents: getFromPrice(db, size, 'gloss'),
    })),
  );
}

/** The lowest price of an active framing option in cents, or null when framing is not offered. */
export function framingFromCentsOf(db: Db): number | null {
  const prices = listActiveFramingOptions(db).map((f) => f.priceCents);
  return prices.length ? Math.min(...prices) : null;
}

/** The facts the FAQ's placeholders are filled from, as the settings stand now. */
export function currentFaqFacts(db: Db): FaqFacts {
  return {
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
