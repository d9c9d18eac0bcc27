// What a new quote starts with: the drone packages of the site's own texts at the half-day price,
// the owner's VAT rate, the default terms (the owner may keep a quote's terms as the new default),
// the travel rate per km and the free radius, and the last day it may be accepted.
import { eq } from 'drizzle-orm';
import { getSectionText } from '~/lib/content/content.server';
import { dronePackages, priceAmount } from '~/lib/content/content-defaults';
import type { Db, Tx } from '~/lib/platform/server/db';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { loadVatRates } from '~/lib/selling/selling-rules.server';
import { readBusinessDetails } from '~/lib/site/business.server';
import { TRAVEL_RADIUS_KM } from '~/lib/site/constants';
import { appMeta } from '~db/schema';
import {
  addDays,
  DEFAULT_DEPOSIT_PERCENT,
  DEFAULT_QUOTE_TERMS,
  QUOTE_VALID_DAYS,
  TRAVEL_RATE_CENTS_PER_KM,
} from './quote-rules';

const TERMS_KEY = 'jobs.quote-terms';
const DEPOSIT_KEY = 'jobs.deposit-percent';

/**
 * The VAT rate added to a quote: the owner's standard rate (the rate of open-edition prints, 23%
 * unless changed in Shipping & VAT) once the business details carry a VAT number; 0 while the
 * business is not VAT-registered.
 */
export function ownerVatRateBp(db: Db | Tx): number {
  const business = readBusinessDetails(db);
  if (!business?.vatNumber) return 0;
  return loadVatRates(db as Db).print;
}

export function defaultQuoteTerms(db: Db | Tx): string {
  return db.select().from(appMeta).where(eq(appMeta.key, TERMS_KEY)).get()?.value ?? DEFAULT_QUOTE_TERMS;
}

export function saveDefaultQuoteTerms(db: Db | Tx, terms: string): void {
  db.insert(appMeta)
    .values({ key: TERMS_KEY, value: terms })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: terms, updatedAt: new Date() } })
    .run();
}

/** The deposit percentage a new quote starts with: the owner's saved default, or 30. */
export function defaultDepositPercent(db: Db | Tx): number {
  const saved = Number(db.select().from(appMeta).where(eq(appMeta.key, DEPOSIT_KEY)).get()?.value);
  return Number.isInteger(saved) && saved >= 0 && saved <= 100 ? saved : DEFAULT_DEPOSIT_PERCENT;
}

export function saveDefaultDepositPercent(db: Db | Tx, percent: number): void {
  const value = String(percent);
  db.insert(appMeta)
    .values({ key: DEPOSIT_KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } })
    .run();
}

export interface QuoteDefaults {
  packages: { name: string; unitPriceCents: number }[];
  vatRateBp: number;
  terms: string;
  depositPercent: number;
  travelRateCents: number;
  freeRadiusKm: number;
  validUntil: string;
}

export function quoteDefaults(db: Db, now = new Date()): QuoteDefaults {
  const halfDay = priceAmount(getSectionText(db, 'drone').price);
  const priceCents = halfDay === null ? 0 : Math.round(halfDay * 100);
  return {
    packages: dronePackages(getSectionText(db, 'droneServices'))
      .filter((p) => p.name.trim())
      .map((p) => ({ name: p.name, unitPriceCents: priceCents })),
    vatRateBp: ownerVatRateBp(db),
    terms: defaultQuoteTerms(db),
    depositPercent: defaultDepositPercent(db),
    travelRateCents: TRAVEL_RATE_CENTS_PER_KM,
    freeRadiusKm: TRAVEL_RADIUS_KM,
    validUntil: addDays(irishDay(now), QUOTE_VALID_DAYS),
  };
}
