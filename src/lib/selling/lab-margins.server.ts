// What each print the lab makes leaves the owner: the shop's price (under one price list, of an open
// print or of a limited edition's copy, with the frame when framed), the VAT inside it at Ireland's print rate, the lab's cost of making it,
// and what is left. The lab's delivery is shown beside it: the buyer pays it on top, so it is not
// taken from the margin. The lab is asked once per product (one copy, to Ireland, by the owner's
// delivery method) and its answers are kept for an hour; a product the lab cannot price now says
// so rather than showing a guess.
import type { Lab, ShippingMethod } from '~/lib/lab/lab';
import { type LabProduct, labSettingsOf, listLabProducts } from '~/lib/lab/lab-products.server';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { registerInstance } from '~/lib/platform/server/instances';
import { DEFAULT_LIST_ID, gridPrice } from '~/lib/shop/price-lists';
import { listPriceLists } from '~/lib/shop/price-lists.server';
import { getPriceMatrix } from '~/lib/shop/pricing.server';
import { type OneCopyCost, quoteOneCopy } from './lab-costs.server';
import type { LabMargin, LabMarginsView } from './lab-margins';
import { loadVatRates } from './selling-rules.server';
import { vatInGross } from './vat';

registerInstance('lab margins', import.meta.url);

const KEEP_MS = 60 * 60 * 1000;
const kept = new Map<string, { at: number; cost: LabCost }>();

type LabCost = OneCopyCost;

async function costOf(lab: Lab, product: LabProduct, method: ShippingMethod, now: number): Promise<LabCost> {
  const key = JSON.stringify([product.sku, product.attributes, method]);
  const hit = kept.get(key);
  if (hit && now - hit.at < KEEP_MS) return hit.cost;
  const cost = await quoteOneCopy(lab, product, method);
  kept.set(key, { at: now, cost });
  return cost;
}

/**
 * The margin of every print the lab makes, in the order of the lab's products, under the price list
 * `listId` (the default one when left out), of an open print or, with `edition`, of a limited
 * edition's copy. An unknown list is a 404.
 */
export async function labMargins(
  db: Db,
  lab: Lab | null,
  { listId = DEFAULT_LIST_ID, edition = false }: { listId?: string | undefined; edition?: boolean } = {},
  now = Date.now(),
): Promise<LabMarginsView> {
  const all = listPriceLists(db);
  const lists = [all.default, ...all.lists];
  const list = lists.find((l) => l.id === listId);
  if (!list) throw new HttpError(404, 'That price list was not found.');
  const grid = edition ? list.editionPrices : list.prices;
  const products = listLabProducts(db);
  const matrix = getPriceMatrix(db);
  const rateBp = loadVatRates(db).print;
  const method = labSettingsOf(db).shippingMethod;
  const short = (l: (typeof lists)[number]) => ({
    id: l.id,
    name: l.name,
    editionPrices: l.editionPercent !== null,
  });
  // A product the lab is set up to make but the shop does not sell (or this list does not price)
  // leaves nothing to show.
  const sold = products.flatMap((p) => {
    const print = gridPrice(grid, p.size, p.finish);
    return print === undefined ? [] : [{ ...p, print }];
  });
  const margins = await Promise.all(
    sold.map(async ({ print, ...p }): Promise<LabMargin> => {
      const frame = p.framed ? (matrix.framing.find((f) => f.size === p.size)?.priceCents ?? 0) : 0;
      const priceCents = print + frame;
      const vatCents = vatInGross(priceCents, rateBp);
      const base = { size: p.size, finish: p.finish, framed: p.framed, sku: p.sku, priceCents, vatCents };
      if (!lab) {
        return {
          ...base,
          labCostCents: null,
          labDeliveryCents: null,
          leftCents: null,
          problem: 'No lab is set up.',
        };
      }
      try {
        const cost = await costOf(lab, p, method, now);
        return {
          ...base,
          labCostCents: cost.itemCents,
          labDeliveryCents: cost.deliveryCents,
          leftCents: priceCents - vatCents - cost.itemCents,
          problem: null,
        };
      } catch (err) {
        return {
          ...base,
          labCostCents: null,
          labDeliveryCents: null,
          leftCents: null,
          problem: `The lab could not price it just now (${(err as Error).message}).`,
        };
      }
    }),
  );
  return {
    list: short(list),
    edition: edition && list.editionPercent !== null,
    lists: lists.map(short),
    margins,
  };
}
