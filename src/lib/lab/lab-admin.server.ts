// The owner's "Print lab" card over the database: which of the shop's prints the lab makes
// (lab_products) and how the shop works with the lab (lab_settings, one row). The card's prints are
// the products the shop sells, unframed, and framed where the material takes a frame and the size has
// one for sale; a lab product of a print the shop no longer sells stays stored, unshown, for when it
// is sold again. A save checks every new or changed product code with the lab before anything is
// written, so the shop never offers a print the lab cannot make; then it writes the whole card in one
// transaction.
import { and, eq } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { getLog } from '~/lib/platform/server/log';
import { PRINT_SIZE_INCHES } from '~/lib/site/constants';
import { labProducts, labSettings } from '~db/schema';
import {
  isLabAnswerError,
  isLabRefused,
  isLabUnavailable,
  type Lab,
  type PrintArea,
  type ProductInches,
} from './lab';
import {
  attributesText,
  type LabCard,
  type LabCardPrint,
  type LabCardSaved,
  type LabModeName,
  type PrintKind,
  printKey,
  printWords,
} from './lab-admin-schemas';
import { areasForLine } from './lab-order-request.server';
import { type LabProduct, labSettingsOf, listLabProducts } from './lab-products.server';

/**
 * The card as saved: each of the shop's prints (`shopPrints`, in the card's order), made by the owner
 * or by the lab.
 */
export function readLabCard(db: Db, mode: LabModeName, shopPrints: readonly PrintKind[]): LabCard {
  const byKey = new Map(listLabProducts(db).map((p) => [printKey(p), p]));
  const prints: LabCardPrint[] = shopPrints.map((print) => {
    const row = byKey.get(printKey(print));
    return row
      ? {
          ...print,
          madeBy: 'lab',
          sku: row.sku,
          sizing: row.sizing,
          attributes: attributesText(row.attributes),
        }
      : { ...print, madeBy: 'me', sku: '', sizing: 'fillPrintArea', attributes: '' };
  });
  return { mode, prints, ...labSettingsOf(db) };
}

const sameAttributes = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

type LabPrint = LabCardSaved['labPrints'][number];

const UNREACHABLE =
  'The lab could not be reached to check the product codes; nothing was saved. Try again in a minute.';

/** The lab's reasons in one sentence. */
const reasonsOf = (reasons: { description: string; code: string }[]) =>
  reasons
    .map((r) => r.description || r.code)
    .filter(Boolean)
    .join('; ')
    .replace(/\.$/, '') || 'no reason given';

type LabProductInfo = Awaited<ReturnType<Lab['product']>>;

/** The product's print areas and size from the lab, or the HttpError the owner reads instead. */
/** The largest of a print's areas, in pixels; null when it has none. */
function largestArea(found: readonly PrintArea[]) {
  const best = [...found].sort((a, b) => b.widthPx * b.heightPx - a.widthPx * a.heightPx)[0];
  return best && best.widthPx > 0 && best.heightPx > 0
    ? { printAreaWidthPx: best.widthPx, printAreaHeightPx: best.heightPx }
    : null;
}

async function productOf(lab: Pick<Lab, 'product'>, print: LabPrint): Promise<LabProductInfo> {
  const field = `prints.${print.index}.sku`;
  try {
    return await lab.product(print.sku);
  } catch (err) {
    if (isLabUnavailable(err)) throw new HttpError(503, UNREACHABLE);
    if (isLabRefused(err)) {
      if (err.status === 401 || err.status === 403 || err.outcome === 'unauthorised') {
        throw new HttpError(
          503,
          'The lab refused this site’s key (PRODIGI_API_KEY) while checking the product codes; nothing was saved. Check the key.',
        );
      }
      throw new HttpError(
        422,
        `The lab does not know the product code ${print.sku}: ${reasonsOf(err.reasons)}. Nothing was saved.`,
        { field },
      );
    }
    if (isLabAnswerError(err)) {
      throw new HttpError(
        503,
        `The lab’s answer about ${print.sku} could not be read; nothing was saved. Try again in a minute.`,
      );
    }
    throw err;
  }
}

/**
 * Whether the attributes pick a variant of the product: every attribute the lab names for it must
 * be given (a canvas's wrap), with one of the values it offers, and no other.
 */
function checkAttributes(print: LabPrint, areas: PrintArea[]): void {
  const field = `prints.${print.index}.attributes`;
  const variants = areas.map((a) => a.attributes);
  const names = [...new Set(variants.flatMap((v) => Object.keys(v)))];
  const unknown = Object.keys(print.attributes).filter((k) => !names.includes(k));
  if (unknown.length) {
    const has = names.length ? `its attributes are ${names.join(', ')}` : 'it takes no attributes';
    throw new HttpError(
      422,
      `The lab’s ${print.sku} has no attribute ${unknown[0]}: ${has}. Nothing was saved.`,
      {
        field,
      },
    );
  }
  if (!names.length) return;
  if (variants.some((v) => Object.entries(v).every(([k, value]) => print.attributes[k] === value))) return;
  const missing = names.find((n) => !(n in print.attributes)) ?? names[0] ?? '';
  const values = [...new Set(variants.map((v) => v[missing]).filter(Boolean))];
  throw new HttpError(
    422,
    `The lab’s ${print.sku} needs ${missing} set to one of ${values.join(', ')} (such as ${missing}=${values[0]}). Nothing was saved.`,
    { field },
  );
}

/** A lab product within half an inch of the print's size on each side is that size. */
const SIZE_TOLERANCE_IN = 0.5;
const inches = (n: number) => `${Number(n.toFixed(1))}`;

/**
 * Whether the lab's product is the size the shop sells the print as: a buyer of a 16x20 inch print
 * must get a 16x20 inch print, not the lab's 16x24. A product whose size the lab does not give is
 * refused too, since it cannot be shown to match.
 */
function checkSize(print: LabPrint, got: ProductInches | null): void {
  const want = PRINT_SIZE_INCHES[print.size];
  const field = `prints.${print.index}.sku`;
  const shopSize = `${want.short}x${want.long} inches`;
  if (!got) {
    throw new HttpError(
      422,
      `The lab does not say the size of ${print.sku}, so it cannot be sold as a ${shopSize} print. Nothing was saved.`,
      { field },
    );
  }
  if (
    Math.abs(got.short - want.short) > SIZE_TOLERANCE_IN ||
    Math.abs(got.long - want.long) > SIZE_TOLERANCE_IN
  ) {
    throw new HttpError(
      422,
      `The lab’s ${print.sku} is ${inches(got.short)}x${inches(got.long)} inches, but this print is sold as ${shopSize}: choose the lab’s product of that size. Nothing was saved.`,
      { field },
    );
  }
}

/**
 * Saves the card and answers it as stored. Each lab print must be one of the shop's prints
 * (`shopPrints`): another is a 409, as the page was loaded before the shop stopped selling it. Each
 * new or changed product code (or its attributes) is checked with the lab first: unknown is a 422
 * naming it, the lab unreachable a 503, and no lab at all (off) a 409, since a code that cannot be
 * checked might name a print nobody can make. Nothing is written unless every check passes. A stored
 * lab product of a print not among `shopPrints` is left as it is.
 */
export async function saveLabCard(
  db: Db,
  lab: Pick<Lab, 'product'> | null,
  mode: LabModeName,
  card: LabCardSaved,
  shopPrints: readonly PrintKind[],
): Promise<LabCard> {
  const shown = new Set(shopPrints.map(printKey));
  const unsold = card.labPrints.find((p) => !shown.has(printKey(p)));
  if (unsold) {
    throw new HttpError(
      409,
      `${printWords(unsold)} is not one of the shop’s prints now, so the lab cannot make it: reload the page to see them. Nothing was saved.`,
      { field: `prints.${unsold.index}.sku` },
    );
  }
  const saved = new Map<string, LabProduct>(listLabProducts(db).map((p) => [printKey(p), p]));
  const toCheck = card.labPrints.filter((p) => {
    const before = saved.get(printKey(p));
    return !before || before.sku !== p.sku || !sameAttributes(before.attributes, p.attributes);
  });
  if (toCheck.length && !lab) {
    throw new HttpError(
      409,
      'The print lab is off on this site (no Prodigi key is saved), so the new product codes cannot be checked and nothing was saved. Save the key first, or keep these prints made by you.',
      { field: `prints.${toCheck[0]?.index}.sku` },
    );
  }
  // One question per product code, however many prints share it.
  const asked = new Map<string, Promise<LabProductInfo>>();
  // The print area each checked print fills, kept so the shop offers it only to photos with the
  // pixels for it (a canvas's wrap needs more than its face).
  const areas = new Map<string, { printAreaWidthPx: number; printAreaHeightPx: number }>();
  if (lab) {
    for (const print of toCheck) {
      const key = print.sku.toUpperCase();
      if (!asked.has(key)) asked.set(key, productOf(lab, print));
      const product = await (asked.get(key) as Promise<LabProductInfo>);
      checkAttributes(print, product.printAreas);
      checkSize(print, product.inches);
      const area = largestArea(areasForLine(product.printAreas, print.attributes));
      if (area) areas.set(printKey(print), area);
    }
  }
  /** The lab's words for a product checked now (null: it gave none). */
  const wordsOf = async (sku: string) => (await asked.get(sku.toUpperCase()))?.description ?? null;

  const now = new Date();
  const keep = new Set(card.labPrints.map(printKey));
  const words = new Map(
    await Promise.all(card.labPrints.map(async (p) => [printKey(p), await wordsOf(p.sku)] as const)),
  );
  db.transaction((tx) => {
    const where = (p: PrintKind) =>
      and(eq(labProducts.size, p.size), eq(labProducts.finish, p.finish), eq(labProducts.framed, p.framed));
    // A print the card does not show (no longer sold) keeps its lab product for when it is again.
    for (const [key, before] of saved) {
      if (shown.has(key) && !keep.has(key)) tx.delete(labProducts).where(where(before)).run();
    }
    for (const p of card.labPrints) {
      const before = saved.get(printKey(p));
      if (
        before &&
        before.sku === p.sku &&
        before.sizing === p.sizing &&
        sameAttributes(before.attributes, p.attributes)
      )
        continue;
      const description = before?.sku === p.sku ? before.description : (words.get(printKey(p)) ?? null);
      const values = {
        sku: p.sku,
        attributes: p.attributes,
        sizing: p.sizing,
        description,
        updatedAt: now,
        ...areas.get(printKey(p)),
      };
      tx.insert(labProducts)
        .values({ size: p.size, finish: p.finish, framed: p.framed, ...values })
        .onConflictDoUpdate({
          target: [labProducts.size, labProducts.finish, labProducts.framed],
          set: values,
        })
        .run();
    }
    const settings = {
      holdForApproval: card.holdForApproval,
      shippingMethod: card.shippingMethod,
      offeredMethods: card.offeredMethods,
      updatedAt: now,
    };
    tx.insert(labSettings)
      .values({ id: 1, ...settings })
      .onConflictDoUpdate({ target: labSettings.id, set: settings })
      .run();
  });
  getLog().info(
    {
      labPrints: card.labPrints.map((p) => `${printKey(p)}=${p.sku}`),
      checked: [...new Set(toCheck.map((p) => p.sku))],
      holdForApproval: card.holdForApproval,
      shippingMethod: card.shippingMethod,
      offeredMethods: card.offeredMethods,
    },
    'Print lab settings saved',
  );
  return readLabCard(db, mode, shopPrints);
}
