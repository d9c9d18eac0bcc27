// The owner's print crops (print-crops.ts): per photo and size, where the crop window sits and
// whether the size is offered. Only choices other than the default (centred; offered for the original
// three sizes and for sizes that print the photo whole) are stored, so a photo nobody has looked at
// sells those sizes it fits, cropped from the centre. The shop's reads
// leave a withdrawn size out through printOfferedSql (print-fit.server.ts); the checkout refuses
// it; the lab's print file is cut at the chosen position.
import { and, eq } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import type { PrintSize } from '~/lib/site/constants';
import { photoPrintCrops, photos } from '~db/schema';
import { offeredSizes } from './catalogue-offers.server';
import type { PrintCropsForm } from './print-crop-schemas';
import {
  choicesBySize,
  DEFAULT_CROP_POSITION,
  fromStoredPosition,
  isDefaultChoice,
  type PhotoPrintCrops,
  type PrintCropChoice,
  printCrop,
  toStoredPosition,
} from './print-crops';
import { printFits } from './print-fit';

const NOT_FOUND = 'That photo was not found.';

/** The choices stored for a photo (the non-default ones), positions as shares from 0 to 1. */
export function storedPrintCrops(db: Db, photoId: string): PrintCropChoice[] {
  return db
    .select({
      size: photoPrintCrops.size,
      position: photoPrintCrops.position,
      offered: photoPrintCrops.offered,
    })
    .from(photoPrintCrops)
    .where(eq(photoPrintCrops.photoId, photoId))
    .all()
    .map((r) => ({ size: r.size, position: fromStoredPosition(r.position), offered: r.offered }));
}

/** Every size of a photo with how it crops and the owner's choice; 404 for an unknown photo. */
export function printCropsOf(db: Db, photoId: string): PhotoPrintCrops {
  const photo = db
    .select({ id: photos.id, width: photos.width, height: photos.height })
    .from(photos)
    .where(eq(photos.id, photoId))
    .get();
  if (!photo) throw new HttpError(404, NOT_FOUND);
  return {
    photoId: photo.id,
    width: photo.width,
    height: photo.height,
    sizes: choicesBySize(storedPrintCrops(db, photoId), offeredSizes(db), (size) =>
      printCrop(photo.width, photo.height, size),
    ).map((choice) => ({
      ...choice,
      crop: printCrop(photo.width, photo.height, choice.size),
      fits: printFits(photo.width, photo.height, choice.size),
    })),
  };
}

/**
 * Saves the owner's choices for a photo: each size given as it is, a size left out back to the
 * default. Returns the photo's crops as printCropsOf gives them; 404 for an unknown photo.
 */
export function savePrintCrops(db: Db, photoId: string, form: PrintCropsForm): PhotoPrintCrops {
  db.transaction((tx) => {
    const photo = tx
      .select({ id: photos.id, width: photos.width, height: photos.height })
      .from(photos)
      .where(eq(photos.id, photoId))
      .get();
    if (!photo) throw new HttpError(404, NOT_FOUND);
    tx.delete(photoPrintCrops).where(eq(photoPrintCrops.photoId, photoId)).run();
    const rows = form.crops
      .filter((c) => !isDefaultChoice(c, printCrop(photo.width, photo.height, c.size)))
      .map((c) => ({ photoId, size: c.size, position: toStoredPosition(c.position), offered: c.offered }));
    if (rows.length) tx.insert(photoPrintCrops).values(rows).run();
  });
  return printCropsOf(db, photoId);
}

/** Where the owner put the crop window of a photo's size (the centre when they did not). */
export function cropPositionOf(db: Db, photoId: string, size: PrintSize): number {
  const row = db
    .select({ position: photoPrintCrops.position })
    .from(photoPrintCrops)
    .where(and(eq(photoPrintCrops.photoId, photoId), eq(photoPrintCrops.size, size)))
    .get();
  return row ? fromStoredPosition(row.position) : DEFAULT_CROP_POSITION;
}

/** The crop positions of a photo's sizes the owner moved off the centre (the print dialog's preview). */
export function movedCropPositions(db: Db, photoId: string): Map<PrintSize, number> {
  return new Map(
    storedPrintCrops(db, photoId)
      .filter((c) => c.position !== DEFAULT_CROP_POSITION)
      .map((c) => [c.size, c.position]),
  );
}
