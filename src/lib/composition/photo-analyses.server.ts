// The kept composition analysis of each site photo: the last one made, with its date. The photo's
// stored original is read on the server, so the owner never uploads it again to analyse it.
import { eq } from 'drizzle-orm';
import { analyzeComposition } from '~/lib/composition/analysis/analyse.server';
import {
  type CompositionAnalysis,
  compositionAnalysisSchema,
  type HorizonChoice,
} from '~/lib/composition/schemas';
import { findOriginalKey } from '~/lib/media/images.server';
import { filesOfUrl } from '~/lib/media/stored-files.server';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { objectKey } from '~/lib/platform/server/storage/storage';
import { photoAnalyses, photos } from '~db/schema';

export interface KeptAnalysis {
  analysis: CompositionAnalysis;
  /** ISO 8601. */
  analysedAt: string;
}

/** The photo's last analysis, or null when it has none (or what was kept no longer reads). */
export function findPhotoAnalysis(db: Db, photoId: string): KeptAnalysis | null {
  const row = db.select().from(photoAnalyses).where(eq(photoAnalyses.photoId, photoId)).get();
  if (!row) return null;
  const parsed = compositionAnalysisSchema.safeParse(row.analysis);
  return parsed.success ? { analysis: parsed.data, analysedAt: row.analysedAt.toISOString() } : null;
}

/** Keeps `analysis` as the photo's last one, replacing any earlier, with the owner's horizon choice. */
export function savePhotoAnalysis(
  db: Db,
  photoId: string,
  analysis: CompositionAnalysis,
  at = new Date(),
  horizonChoice: HorizonChoice | null = null,
): KeptAnalysis {
  const kept = { analysis, analysedAt: at, horizonChoice };
  db.insert(photoAnalyses)
    .values({ photoId, ...kept })
    .onConflictDoUpdate({ target: photoAnalyses.photoId, set: kept })
    .run();
  return { analysis, analysedAt: at.toISOString() };
}

/** The stored object a photo was published from: its original, or the uploaded object its URL names. */
export async function photoSourceKey(photo: {
  mediaId: string | null;
  imageUrl: string;
}): Promise<string | null> {
  const refs = filesOfUrl(photo.imageUrl);
  const mediaId = photo.mediaId ?? refs.mediaIds?.[0];
  if (mediaId) return findOriginalKey(mediaId);
  const objectId = refs.objectIds?.[0];
  return objectId ? objectKey(objectId) : null;
}

/** The whole bytes of a stored object, or null when it is not there. */
async function readStored(key: string): Promise<Buffer | null> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await getStorage().get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch {
    return null;
  }
}

/** The owner's horizon choice kept with the photo's last analysis, or null. */
function keptChoice(db: Db, photoId: string): HorizonChoice | null {
  const row = db
    .select({ horizonChoice: photoAnalyses.horizonChoice })
    .from(photoAnalyses)
    .where(eq(photoAnalyses.photoId, photoId))
    .get();
  return row?.horizonChoice ?? null;
}

/**
 * Analyses a site photo from its stored original and keeps the result. `choice`: the owner's word on
 * the line found across it (null: none, the analyser decides); when not given, the word kept with
 * the last analysis stands.
 */
export async function analysePhoto(
  db: Db,
  photoId: string,
  choice?: HorizonChoice | null,
): Promise<KeptAnalysis> {
  const photo = db.select().from(photos).where(eq(photos.id, photoId)).get();
  if (!photo) throw new HttpError(404, 'That photo was not found.');
  const source = await photoSourceKey(photo);
  const bytes = source ? await readStored(source) : null;
  if (!bytes)
    throw new HttpError(
      409,
      'The original of this photo is not stored on the site, so it cannot be analysed.',
    );
  const horizonChoice = choice === undefined ? keptChoice(db, photoId) : choice;
  const analysis = await analyzeComposition(bytes, horizonChoice ?? undefined);
  return savePhotoAnalysis(db, photoId, analysis, new Date(), horizonChoice);
}
