// The order the lab is sent for a paid shop order: its lines the lab makes, each with the print file
// of its photo at the pixels of the product's print area, the buyer's address in its parts, the
// shipping method, the address of the lab's callbacks, and, for a limited edition, the certificate
// of each numbered copy: its address in the metadata, and the page of the order's certificates as
// the packing slip the lab prints and puts in the parcel. What the lab cannot be sent (a photo
// deleted since, an original gone, an order paid before the address was kept in parts) is a
// refusal with reasons the owner can act on.
// The idempotency key is the shop's order id, and nothing else: a retry after a timeout is answered
// with the lab's first order, never a second print.
import { createHash } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { findOriginalKey } from '~/lib/media/images.server';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { editionCopies, orderItems, orders, photoPrintCrops, photos, productVariants } from '~db/schema';
import { certificateSlipUrl } from './certificate-slip-url.server';
import type { Lab, LabOrderRequest, LabRefusalReason, PrintArea, Sizing } from './lab';
import { labSettingsOf } from './lab-products.server';
import { areaForPhoto, makePrintFile, printFileKey } from './print-file.server';
import { printFileUrl } from './print-file-url.server';

/** The lab is asked for a product's print areas again after an hour. */
const PRINT_AREAS_TTL_MS = 60 * 60_000;

export type LabRequestVerdict =
  | { ok: true; request: LabOrderRequest }
  | { ok: false; reasons: LabRefusalReason[] };

const areasByLab = new WeakMap<Lab, Map<string, { at: number; areas: PrintArea[] }>>();

/** A product's print areas, asked of the lab once an hour per SKU (a failed answer is not kept). */
export async function printAreasOf(lab: Lab, sku: string, now = Date.now()): Promise<PrintArea[]> {
  let cache = areasByLab.get(lab);
  if (!cache) {
    cache = new Map();
    areasByLab.set(lab, cache);
  }
  const kept = cache.get(sku);
  if (kept && now - kept.at < PRINT_AREAS_TTL_MS) return kept.areas;
  const areas = await lab.productPrintAreas(sku);
  cache.set(sku, { at: now, areas });
  return areas;
}

const sameAttributes = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

/**
 * The print areas a line fills: the required ones of the variant whose attributes are the line's
 * (or of the variant without attributes), or its only area when none is marked required.
 */
export function areasForLine(areas: PrintArea[], attributes: Record<string, string>): PrintArea[] {
  let variant = areas.filter((a) => sameAttributes(a.attributes, attributes));
  if (!variant.length) variant = areas.filter((a) => Object.keys(a.attributes).length === 0);
  const required = variant.filter((a) => a.required);
  if (required.length) return required;
  const fallback = variant.find((a) => a.name === 'default') ?? variant[0];
  return fallback ? [fallback] : [];
}

/** Prodigi and the other labs know Northern Ireland as part of the United Kingdom. */
const labCountry = (country: string) => (country.toUpperCase() === 'XI' ? 'GB' : country.toUpperCase());

async function md5OfStored(key: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of await getStorage().get(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The print file of one area of a line: the one made by an earlier attempt when it is still kept
 * (its MD5 read from the stored bytes), else made now from the original.
 */
async function printFileFor(
  originalKey: string,
  line: { orderId: string; lineId: string },
  area: PrintArea,
  photo: { width: number; height: number },
  sizing: Sizing,
  cropPosition: number,
): Promise<{ key: string; md5: string }> {
  const key = printFileKey(line.orderId, line.lineId, areaForPhoto(area, photo));
  if (await getStorage().head(key)) return { key, md5: await md5OfStored(key) };
  const made = await makePrintFile(originalKey, line, area, sizing, cropPosition);
  return { key: made.key, md5: made.md5 };
}

function labLinesOf(db: Db, orderId: string) {
  return db
    .select({
      id: orderItems.id,
      description: orderItems.description,
      quantity: orderItems.quantity,
      sku: orderItems.labSku,
      attributes: orderItems.labAttributes,
      sizing: orderItems.labSizing,
      variantId: productVariants.id,
      photoId: photos.id,
      mediaId: photos.mediaId,
      width: photos.width,
      height: photos.height,
      // Where the crop window sat when the print was sold (thousandths; null: the centre). Orders
      // made before it was kept take where the photographer has it now.
      cropPosition: sql<number | null>`coalesce(${orderItems.cropPosition}, ${photoPrintCrops.position})`,
    })
    .from(orderItems)
    .leftJoin(productVariants, eq(productVariants.id, orderItems.productVariantId))
    .leftJoin(photos, eq(photos.id, productVariants.photoId))
    .leftJoin(
      photoPrintCrops,
      and(
        eq(photoPrintCrops.photoId, productVariants.photoId),
        eq(photoPrintCrops.size, productVariants.size),
      ),
    )
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.labSku)))
    .orderBy(orderItems.id)
    .all();
}

/** The certificate address of each numbered copy of the order, by its line. */
function certificatesOf(db: Db, orderId: string, siteUrl: string) {
  return db
    .select({
      line: editionCopies.orderItemId,
      number: editionCopies.number,
      code: editionCopies.certificateCode,
    })
    .from(editionCopies)
    .where(
      and(
        eq(editionCopies.orderId, orderId),
        isNotNull(editionCopies.number),
        isNotNull(editionCopies.certificateCode),
      ),
    )
    .orderBy(editionCopies.orderItemId, editionCopies.number)
    .all()
    .map((c) => ({ line: c.line, number: c.number, url: `${siteUrl}/certificate/${c.code}` }));
}

const reason = (field: string, code: string, description: string): LabRefusalReason => ({
  field,
  code,
  description,
});

/**
 * The lab order of a paid shop order, with its print files made (or found) in the store, or the
 * reasons it cannot be sent. The lab's errors (unreachable, refusing a SKU) are thrown as they come.
 */
export async function labOrderRequest(db: Db, lab: Lab, orderId: string): Promise<LabRequestVerdict> {
  const order = db.select().from(orders).where(eq(orders.id, orderId)).get();
  if (!order) return { ok: false, reasons: [reason('order', 'NotFound', 'The order no longer exists.')] };
  const { shipStreet, shipPostalCode, shipCity, shipCountry } = order;
  if (!shipStreet || !shipPostalCode || !shipCity || !shipCountry) {
    return {
      ok: false,
      reasons: [
        reason(
          'recipient.address',
          'Missing',
          'The order was paid before the shop kept the delivery address in its parts (street, postcode, town, country), so the lab cannot be given it. Send the order to the lab by hand, or make its prints yourself.',
        ),
      ],
    };
  }
  const lines = labLinesOf(db, orderId);
  if (!lines.length) {
    return { ok: false, reasons: [reason('items', 'Empty', 'The order has no print the lab makes.')] };
  }
  const reasons: LabRefusalReason[] = [];
  const items: LabOrderRequest['items'] = [];
  for (const [i, line] of lines.entries()) {
    const field = `items[${i}]`;
    const name = `“${line.description || line.id}”`;
    if (!line.variantId || !line.photoId) {
      reasons.push(
        reason(
          field,
          'PhotoGone',
          `The print of line ${name} is no longer in the shop: its photo was deleted.`,
        ),
      );
      continue;
    }
    const originalKey = line.mediaId ? await findOriginalKey(line.mediaId) : null;
    if (!originalKey) {
      reasons.push(
        reason(field, 'OriginalGone', `The photo of line ${name} no longer has its original file.`),
      );
      continue;
    }
    const sku = line.sku as string;
    const attributes = line.attributes ?? {};
    const areas = areasForLine(await printAreasOf(lab, sku), attributes);
    if (!areas.length) {
      reasons.push(
        reason(
          field,
          'NoPrintArea',
          `${lab.name} has no print area for ${sku} with the attributes of line ${name}.`,
        ),
      );
      continue;
    }
    const sizing: Sizing = line.sizing ?? 'fillPrintArea';
    const photo = { width: line.width ?? 0, height: line.height ?? 0 };
    const cropPosition = line.cropPosition === null ? 0.5 : line.cropPosition / 1000;
    const assets: LabOrderRequest['items'][number]['assets'] = [];
    for (const area of areas) {
      const file = await printFileFor(
        originalKey,
        { orderId, lineId: line.id },
        area,
        photo,
        sizing,
        cropPosition,
      );
      assets.push({ printArea: area.name, url: printFileUrl(file.key), md5Hash: file.md5 });
    }
    items.push({
      merchantReference: line.id,
      sku,
      copies: line.quantity,
      sizing,
      ...(Object.keys(attributes).length ? { attributes } : {}),
      assets,
    });
  }
  if (reasons.length) return { ok: false, reasons };

  const { siteUrl } = getConfig();
  const labLines = new Set(lines.map((l) => l.id));
  const certificates = certificatesOf(db, orderId, siteUrl).filter((c) => labLines.has(c.line));
  return {
    ok: true,
    request: {
      merchantReference: orderId,
      idempotencyKey: orderId,
      shippingMethod: order.labShippingMethod ?? labSettingsOf(db).shippingMethod,
      recipient: {
        name: order.customerName,
        ...(order.customerEmail ? { email: order.customerEmail } : {}),
        ...(order.phoneNumber ? { phone: order.phoneNumber } : {}),
        address: {
          line1: shipStreet,
          postalOrZipCode: shipPostalCode,
          townOrCity: shipCity,
          countryCode: labCountry(shipCountry),
        },
      },
      items,
      callbackUrl: `${siteUrl}/api/lab/callback`,
      ...(certificates.length ? { packingSlip: { url: certificateSlipUrl(orderId, { siteUrl }) } } : {}),
      metadata: {
        shopOrderId: orderId,
        ...(certificates.length ? { editionCertificates: certificates } : {}),
      },
    },
  };
}
