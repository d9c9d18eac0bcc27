// The One-Stop-Shop as stored: whether the shop is registered (no row: not registered), the owner's
// rate table (a country and class never edited reads as its seeded rate, oss-rates.ts), and the
// rates an order to a country carries. A change applies to orders made after it; an order keeps the
// rates it was made with.
import type { Db } from '~/lib/platform/server/db';
import { preparedOnce } from '~/lib/platform/server/prepared';
import { ossRates, ossRegistration } from '~db/schema';
import { countryName } from './countries';
import {
  type AppliedRates,
  OSS_COUNTRIES,
  OSS_SEED,
  type OssRateTable,
  ossRateTable,
  ratesForDestination,
  seededOssRates,
} from './oss-rates';
import type { OssSettingsInput } from './owner-schemas';
import { loadVatRates } from './selling-rules.server';
import { ratePercent, VAT_CLASSES } from './vat';

export function ossRegistered(db: Db): boolean {
  const row = preparedOnce(db, 'selling: OSS registration', () =>
    db.select().from(ossRegistration).prepare(),
  );
  return row.get()?.registered ?? false;
}

export function loadOssRateTable(db: Db): OssRateTable {
  return ossRateTable(db.select().from(ossRates).all());
}

/** The rates of an order sent to `country` (upper case), and whose VAT they are. */
export function ratesForOrderTo(db: Db, country: string): AppliedRates {
  const registered = ossRegistered(db);
  return ratesForDestination(
    country,
    registered,
    loadVatRates(db),
    registered ? loadOssRateTable(db) : ossRateTable([]),
  );
}

/** Saves the registration and the rates given, all or nothing. */
export function updateOssSettings(db: Db, input: OssSettingsInput): void {
  db.transaction((tx) => {
    if (input.registered !== undefined) {
      const values = { id: 1, registered: input.registered, updatedAt: new Date() };
      tx.insert(ossRegistration)
        .values(values)
        .onConflictDoUpdate({ target: ossRegistration.id, set: values })
        .run();
    }
    for (const r of input.rates) {
      const values = { ...r, updatedAt: new Date() };
      tx.insert(ossRates)
        .values(values)
        .onConflictDoUpdate({ target: [ossRates.country, ossRates.vatClass], set: values })
        .run();
    }
  });
}

/** A row of the table as the API answers it: rates and their seeded defaults, in percent. */
export interface OssRateRow {
  country: string;
  name: string;
  rates: Record<(typeof VAT_CLASSES)[number], number>;
  defaults: Record<(typeof VAT_CLASSES)[number], number>;
  /** True when the seeded edition rate is the standard rate: no reduced rate for art was confirmed. */
  artAtStandard: boolean;
}

const inPercent = (rates: Record<(typeof VAT_CLASSES)[number], number>) =>
  Object.fromEntries(VAT_CLASSES.map((c) => [c, Number(ratePercent(rates[c]))])) as OssRateRow['rates'];

/** GET /api/admin/oss: the registration and every country's rates, countries by name. */
export function ossSettingsJson(db: Db): { registered: boolean; countries: OssRateRow[] } {
  const table = loadOssRateTable(db);
  const countries = OSS_COUNTRIES.map((country) => ({
    country,
    name: countryName(country) ?? country,
    rates: inPercent(table[country]),
    defaults: inPercent(seededOssRates(country)),
    artAtStandard: OSS_SEED[country].artAtStandard === true,
  })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return { registered: ossRegistered(db), countries };
}
