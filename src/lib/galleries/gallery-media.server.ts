// A client gallery's photos and video posters go through the portfolio's image module, but their
// derivatives are kept under the private prefix galleries/media/ (never at a public address, on S3
// not under MEDIA_PUBLIC_URL): they are the client's, and a proofing gallery's are shown only
// watermarked. The client sees them through the gallery's link (/g/{token}/files/…, watermarked
// while proofing), the owner through the Galleries tab (/api/admin/galleries/{id}/files/{fileId}/thumb).
// An earlier version kept them under the public media/ prefix: they are moved once, at start.
import { eq, isNotNull } from 'drizzle-orm';
import { settleMediaJob } from '~/lib/media/media-jobs.server';
import { isValidMediaId } from '~/lib/media/media-urls';
import { makeDerivativesPrivate } from '~/lib/media/private-derivatives.server';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { appMeta, galleryFiles } from '~db/schema';

/**
 * For the media route: whether a media id is a gallery file's (one indexed lookup). A second
 * guard: a gallery's derivatives are not under media/ any more, but an older site's are there
 * until the move at start has carried them, and a store restored from an older backup has them.
 */
export function galleryMediaCheck(db: Db): (mediaId: string) => boolean {
  const owned = db.$client.prepare('select 1 from gallery_files where media_id = ? limit 1').pluck();
  return (mediaId) => owned.get(mediaId) !== undefined;
}

/** Recorded in app_meta once every gallery file's derivatives are private. */
const MOVED_KEY = 'gallery-derivatives-private';

export interface PrivateMoveReport {
  /** Gallery files (media ids) of which something was moved. */
  files: number;
  /** Derivatives moved. */
  objects: number;
  /** Media ids whose move failed (left for the next start). */
  failed: number;
}

/**
 * Moves the derivatives an earlier version kept under media/ for gallery files to their private
 * keys (see private-derivatives.server.ts), one gallery file at a time, and records that it is
 * done, so that later starts cost one lookup. Stopped or failed midway, it runs again at the next
 * start and moves only what is left. Answers null when it had already been done.
 */
export async function makeGalleryDerivativesPrivate(db: Db): Promise<PrivateMoveReport | null> {
  if (db.select().from(appMeta).where(eq(appMeta.key, MOVED_KEY)).get()) return null;
  const rows = db
    .selectDistinct({ mediaId: galleryFiles.mediaId })
    .from(galleryFiles)
    .where(isNotNull(galleryFiles.mediaId))
    .all();
  // A site with no gallery photo yet has nothing to move and nothing to record: it asks again at
  // the next start, one query, and its database is left as it was.
  if (rows.length === 0) return { files: 0, objects: 0, failed: 0 };
  const report: PrivateMoveReport = { files: 0, objects: 0, failed: 0 };
  const moved: string[] = [];
  for (const { mediaId } of rows) {
    if (!isValidMediaId(mediaId)) continue;
    try {
      let objects = await makeDerivativesPrivate(mediaId);
      // An AVIF begun for this photo before its move may still be written where it began: once
      // it is finished, what it wrote is moved too.
      await settleMediaJob(mediaId);
      objects += await makeDerivativesPrivate(mediaId);
      if (objects === 0) continue;
      report.files++;
      report.objects += objects;
      moved.push(mediaId);
    } catch (err) {
      report.failed++;
      getLog().error({ err, mediaId }, 'A gallery photo’s derivatives could not be made private.');
    }
  }
  if (report.objects > 0) {
    getLog().info(
      { mediaIds: moved },
      `Moved ${report.objects} derivatives of ${report.files} gallery files from the public media/ prefix to the private galleries/media/.`,
    );
  }
  if (report.failed === 0) {
    db.insert(appMeta)
      .values({ key: MOVED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .run();
  } else {
    getLog().warn(
      `The derivatives of ${report.failed} gallery files are still under the public media/ prefix; the next start tries again.`,
    );
  }
  return report;
}
