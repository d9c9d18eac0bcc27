// Which of the shop's prints the lab makes (lab_products) and how the shop works with the lab
// (lab_settings), as the checkout, the outbox and the admin read them.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { preparedOnce } from '~/lib/platform/server/prepared';
import type { PrintSize } from '~/lib/site/constants';
import type { FINISHES } from '~db/enums';
import { labProducts, labSettings } from '~db/schema';
import { SHIPPING_METHODS, type ShippingMethod, type Sizing } from './lab';

export type Finish = (typeof FINISHES)[number];

/** A print of the shop (size, finish, framed or not) that the lab makes, as the lab's product. */
export interface LabProduct {
  size: PrintSize;
  finish: Finish;
  framed: boolean;
  sku: string;
  attributes: Record<string, string>;
  sizing: Sizing;
  /** The lab's words for the product, or null when it gave none. */
  description: string | null;
}

export interface LabSettings {
  holdForApproval: boolean;
  /** The delivery speed a buyer is offered first; always one of `offeredMethods`. */
  shippingMethod: ShippingMethod;
  /** The delivery speeds a buyer may choose between, fastest last. */
  offeredMethods: ShippingMethod[];
}

const DEFAULT_SETTINGS: LabSettings = {
  holdForApproval: false,
  shippingMethod: 'Standard',
  offeredMethods: ['Standard'],
};

const columns = {
  size: labProducts.size,
  finish: labProducts.finish,
  framed: labProducts.framed,
  sku: labProducts.sku,
  attributes: labProducts.attributes,
  sizing: labProducts.sizing,
  description: labProducts.description,
};

/** Every print the lab makes, by size, finish and frame. */
export function listLabProducts(db: Db): LabProduct[] {
  return db
    .select(columns)
    .from(labProducts)
    .orderBy(labProducts.size, labProducts.finish, labProducts.framed)
    .all();
}

/** The lab's product for a print of the shop, or null when the owner makes it. */
export function labProductFor(
  db: Db,
  print: { size: PrintSize; finish: string; framed: boolean },
): LabProduct | null {
  const find = preparedOnce(db, 'lab: product of a print', () =>
    db
      .select(columns)
      .from(labProducts)
      .where(
        and(
          eq(labProducts.size, sql.placeholder('size')),
          eq(labProducts.finish, sql.placeholder('finish')),
          eq(labProducts.framed, sql.placeholder('framed')),
        ),
      )
      .prepare(),
  );
  return find.get({ size: print.size, finish: print.finish, framed: print.framed ? 1 : 0 }) ?? null;
}

/** The pixels of the print area the lab fills for a print, as it last gave them (null: not known). */
export function labPrintAreaOf(
  db: Db,
  print: { size: PrintSize; finish: string; framed: boolean },
): { widthPx: number | null; heightPx: number | null } | null {
  const find = preparedOnce(db, 'lab: print area of a print', () =>
    db
      .select({ widthPx: labProducts.printAreaWidthPx, heightPx: labProducts.printAreaHeightPx })
      .from(labProducts)
      .where(
        and(
          eq(labProducts.size, sql.placeholder('size')),
          eq(labProducts.finish, sql.placeholder('finish')),
          eq(labProducts.framed, sql.placeholder('framed')),
        ),
      )
      .prepare(),
  );
  return find.get({ size: print.size, finish: print.finish, framed: print.framed ? 1 : 0 }) ?? null;
}

/** The shop's way of working with the lab: as saved, or the defaults (sent at once, Standard). */
export function labSettingsOf(db: Db): LabSettings {
  const row = preparedOnce(db, 'lab: settings', () =>
    db
      .select({
        holdForApproval: labSettings.holdForApproval,
        shippingMethod: labSettings.shippingMethod,
        offeredMethods: labSettings.offeredMethods,
      })
      .from(labSettings)
      .where(eq(labSettings.id, 1))
      .prepare(),
  ).get();
  if (!row) return DEFAULT_SETTINGS;
  // The first offered speed is always offered, whatever an older row says.
  const offered = new Set<ShippingMethod>([...row.offeredMethods, row.shippingMethod]);
  return { ...row, offeredMethods: SHIPPING_METHODS.filter((m) => offered.has(m)) };
}
