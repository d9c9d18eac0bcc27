// What the lab charges to make one copy of each print it makes, asked of the lab and kept on
// lab_products (cost_cents), so that price lists pricing the lab's prints as a margin over its cost
// can price them at once, inside a transaction, without waiting on the lab. Asked when the owner
// saves the print lab card or asks for it; never on a buyer's visit, so prices change only when the
// owner acts. A product the lab cannot price now keeps the cost it had (or none), and says why.
import { and, eq } from 'drizzle-orm';
import type { Lab, ShippingMethod } from '~/lib/lab/lab';
import { type LabProduct, labSettingsOf, listLabProducts } from '~/lib/lab/lab-products.server';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { repriceVariants } from '~/lib/shop/price-list-repricing.server';
import { labProducts } from '~db/schema';

export interface OneCopyCost {
  itemCents: number;
  deliveryCents: number;
}

/** The lab's price of one copy of a product sent to Ireland by `method`, in euro cents. */
export async function quoteOneCopy(
  lab: Lab,
  product: LabProduct,
  method: ShippingMethod,
): Promise<OneCopyCost> {
  const [quote] = await lab.quote({
    destinationCountryCode: 'IE',
    currency: 'EUR',
    shippingMethod: method,
    items: [{ sku: product.sku, copies: 1, attributes: product.attributes, printAreas: ['default'] }],
  });
  if (quote?.items.currency !== 'EUR') throw new Error('the lab did not quote in euro');
  return { itemCents: quote.items.cents, deliveryCents: quote.shipping.cents };
}

export interface LabCostsRefresh {
  /** The lab's products whose cost was asked and kept. */
  checked: number;
  /** Those the lab could not price now, each with why (their cost is left as it was). */
  failed: { sku: string; reason: string }[];
  /** Prints whose price changed with the new costs. */
  repriced: number;
}

/** Asks the lab for the cost of every product it makes, keeps them, and reprices what they price. */
export async function refreshLabCosts(db: Db, lab: Lab, now = new Date()): Promise<LabCostsRefresh> {
  const method = labSettingsOf(db).shippingMethod;
  const products = listLabProducts(db);
  const answers = await Promise.allSettled(products.map((p) => quoteOneCopy(lab, p, method)));
  const failed: LabCostsRefresh['failed'] = [];
  const repriced = db.transaction(
    (tx) => {
      answers.forEach((answer, i) => {
        const p = products[i] as LabProduct;
        if (answer.status === 'rejected') {
          failed.push({ sku: p.sku, reason: (answer.reason as Error).message });
          return;
        }
        tx.update(labProducts)
          .set({ costCents: answer.value.itemCents, costCheckedAt: now })
          .where(
            and(
              eq(labProducts.size, p.size),
              eq(labProducts.finish, p.finish),
              eq(labProducts.framed, p.framed),
              eq(labProducts.sku, p.sku),
            ),
          )
          .run();
      });
      return repriceVariants(tx, 'all');
    },
    { behavior: 'immediate' },
  );
  if (failed.length) getLog().warn({ failed }, 'The lab could not price some of its products');
  return { checked: products.length - failed.length, failed, repriced };
}
