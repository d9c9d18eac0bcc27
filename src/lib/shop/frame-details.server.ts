// The frame details over the database: the glazing and hanging fittings in one row (none until the
// owner saves them), and each size's weight on its frame (framing_options). Saved in one
// transaction; the print pages read them, and the page cache moves on by itself (any write changes
// SQLite's data_version).
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { PRINT_SIZE_LABELS, PRINT_SIZES } from '~/lib/site/constants';
import { frameDetails, framingOptions } from '~db/schema';
import type { FrameDetails } from './frame-details';
import { listFramingOptions } from './pricing.server';

const ROW = 1;

/** The frame details as saved, with the weight of each size that has a frame (null: none given). */
export function readFrameDetails(db: Db | Tx): FrameDetails {
  const row = db.select().from(frameDetails).where(eq(frameDetails.id, ROW)).get();
  const weightsGrams: FrameDetails['weightsGrams'] = {};
  for (const frame of listFramingOptions(db)) weightsGrams[frame.size] = frame.weightGrams ?? null;
  return { glazing: row?.glazing ?? null, hanging: row?.hanging ?? null, weightsGrams };
}

/**
 * Saves the frame details (checked by frameDetailsSchema) and answers them as stored. A weight for a
 * size the shop has no frame for is a 400 and nothing is saved; a size left out keeps its weight.
 */
export function saveFrameDetails(db: Db, details: FrameDetails): FrameDetails {
  return db.transaction((tx) => {
    const framed = new Set(listFramingOptions(tx).map((f) => f.size));
    for (const size of PRINT_SIZES) {
      if (!(size in details.weightsGrams)) continue;
      const weightGrams = details.weightsGrams[size] ?? null;
      if (!framed.has(size)) {
        if (weightGrams === null) continue;
        throw new HttpError(
          400,
          `${PRINT_SIZE_LABELS[size]} prints have no frame yet: set a frame price for them first.`,
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
