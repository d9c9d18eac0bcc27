// The frame details over the database: the glazing and hanging fittings in one row (none until the
// owner saves them), and the weight on the frame (framing_options) of each size the shop sells a
// paper print in. Saved in one transaction; the print pages read them, and the page cache moves on
// by itself (any write to a table a page shows changes the database's content token).
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { frameableSizes } from '~/lib/site/catalogue';
import type { PrintSize } from '~/lib/site/constants';
import { frameDetails, framingOptions } from '~db/schema';
import { offeredProducts } from './catalogue-offers.server';
import type { FrameDetails } from './frame-details';
import { listFramingOptions } from './pricing.server';
import { sizeLabel } from './product-groups';

const ROW = 1;

/**
 * The frame details as saved, with the weight of each size that has a frame and is sold in a paper
 * (null: none given), smallest first. A frame of a size no paper print is sold in is left out.
 */
export function readFrameDetails(db: Db | Tx): FrameDetails {
  const row = db.select().from(frameDetails).where(eq(frameDetails.id, ROW)).get();
  const frameable = new Set(frameableSizes(offeredProducts(db)));
  const weightsGrams: FrameDetails['weightsGrams'] = {};
  for (const frame of listFramingOptions(db)) {
    if (frameable.has(frame.size)) weightsGrams[frame.size] = frame.weightGrams ?? null;
  }
  return { glazing: row?.glazing ?? null, hanging: row?.hanging ?? null, weightsGrams };
}

/**
 * Saves the frame details (checked by frameDetailsSchema) and answers them as stored. A weight for a
 * size the shop has no frame for is a 400 and nothing is saved; a size left out keeps its weight.
 */
export function saveFrameDetails(db: Db, details: FrameDetails): FrameDetails {
  return db.transaction((tx) => {
    const frameable = new Set(frameableSizes(offeredProducts(tx)));
    const framed = new Set(listFramingOptions(tx).map((f) => f.size));
    for (const [size, grams] of Object.entries(details.weightsGrams) as [PrintSize, number | null][]) {
      const weightGrams = grams ?? null;
      if (!frameable.has(size) || !framed.has(size)) {
        if (weightGrams === null) continue;
        throw new HttpError(
          400,
          frameable.has(size)
            ? `${sizeLabel(size)} has no frame yet: set a frame price for this size first.`
            : `The shop sells no paper print of ${sizeLabel(size)} to frame.`,
          { field: `weights.${size}` },
        );
      }
      tx.update(framingOptions)
        .set({ weightGrams, updatedAt: new Date() })
        .where(eq(framingOptions.size, size))
        .run();
    }
    const values = { id: ROW, glazing: details.glazing, hanging: details.hanging, updatedAt: new Date() };
    tx.insert(frameDetails).values(values).onConflictDoUpdate({ target: frameDetails.id, set: values }).run();
    return readFrameDetails(tx);
  });
}
