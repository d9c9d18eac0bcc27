// Which photos have their AVIF ladder, as the media queue records it (media_jobs). The queue
// marks a job done only after every AVIF width is on disk, so a page that offers AVIF for a done
// job never sends a browser to a missing file: a browser does not fall back to the next <source>
// when the one it chose answers 404.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { mediaJobs } from '~db/schema';

/** One query for the media ids a page shows; the answer says whether a given id has AVIF. */
export function avifReadiness(
  db: Db,
  mediaIds: readonly (string | null | undefined)[],
): (mediaId: string | null | undefined) => boolean {
  const ids = [...new Set(mediaIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return () => false;
  const ready = new Set(
    db
      .select({ mediaId: mediaJobs.mediaId })
      .from(mediaJobs)
      .where(and(eq(mediaJobs.kind, 'avif'), eq(mediaJobs.status, 'done'), inArray(mediaJobs.mediaId, ids)))
      .all()
      .map((row) => row.mediaId),
  );
  return (mediaId) => Boolean(mediaId && ready.has(mediaId));
}
