// The owner's VAT rates per product class (open-edition prints, limited editions, framing,
// shipping): a class never set reads as its default. A change applies to orders made after it;
// an order keeps the rates it was made with.
import type { Db } from '~/lib/platform/server/db';
import { vatRates } from '~db/schema';
import type { VatRatesInput } from './owner-schemas';
import { loadVatRates } from './selling-rules.server';
import { DEFAULT_VAT_RATES, ratePercent, VAT_CLASS_LABELS, VAT_CLASSES, type VatRates } from './vat';

/** Saves the rates given, all or nothing, and answers every class's rate. */
export function updateVatRates(db: Db, input: VatRatesInput): VatRates {
  db.transaction((tx) => {
    for (const vatClass of VAT_CLASSES) {
      const rateBp = input[vatClass];
      if (rateBp === undefined) continue;
      const values = { vatClass, rateBp, updatedAt: new Date() };
      tx.insert(vatRates).values(values).onConflictDoUpdate({ target: vatRates.vatClass, set: values }).run();
    }
  });
  return loadVatRates(db);
}

/** The rates as the API answers them: each class with its label, its rate and its default, in percent. */
export function vatRatesJson(rates: VatRates) {
  return {
    rates: VAT_CLASSES.map((vatClass) => ({
      vatClass,
      label: VAT_CLASS_LABELS[vatClass],
      rate: Number(ratePercent(rates[vatClass])),
      defaultRate: Number(ratePercent(DEFAULT_VAT_RATES[vatClass])),
    })),
  };
}
