// The background queue of media work (AVIF ladders). Rows in media_jobs survive a restart:
// whatever is pending at start is picked up again. One job at a time, so publishing a new photo
// (which runs in the request) keeps a core for itself.
//
// Each job runs exactly once, however many triggers arrive at once (the start of the server and
// an upload, say): a runner claims a job by moving it from pending to running in one statement,
// and only the runner whose statement changed the row does the work. A job left running by a
// crash is pending again at the next start (requeueInterrupted).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { registerInstance } from '~/lib/platform/server/instances';
import { getLog } from '~/lib/platform/server/log';
import { mediaJobs } from '~db/schema';
import { deleteMedia, generateAvif } from './images.server';

registerInstance('media queue', import.meta.url);

const MAX_ATTEMPTS = 3;
let running: Promise<void> | null = null;
/** The job being worked on now, so that deleting its photo can wait for it (see settleMediaJob). */
let current: { mediaId: string; finished: Promise<void> } | null = null;

/**
 * Resolves once no job is writing the files of this media id. Deleting a photo waits for it, so
 * that an AVIF being made at that moment cannot write its files after they were removed.
 */
export async function settleMediaJob(mediaId: string): Promise<void> {
  if (current?.mediaId === mediaId) await current.finished;
}

/** Queues the AVIF ladder of a photo and starts the queue if it is idle. */
export function enqueueAvif(db: Db, mediaId: string): void {
  db.insert(mediaJobs)
    .values({ mediaId, kind: 'avif' })
    .onConflictDoUpdate({
      target: [mediaJobs.mediaId, mediaJobs.kind],
      set: { status: 'pending', attempts: 0, lastError: null },
    })
    .run();
  setImmediate(() => {
    runMediaQueue(db).catch((err) => getLog().error({ err }, 'The media queue stopped.'));
  });
}

/** Jobs that were running when the process stopped are pending again. Call once at start. */
export function requeueInterrupted(db: Db): number {
  return db.update(mediaJobs).set({ status: 'pending' }).where(eq(mediaJobs.status, 'running')).run().changes;
}

/** Takes the oldest pending job for this runner, or null when there is none left. */
export function claimNextJob(db: Db) {
  return (
    db
      .update(mediaJobs)
      .set({ status: 'running' })
      .where(
        eq(
          mediaJobs.id,
          sql`(select ${mediaJobs.id} from ${mediaJobs} where ${mediaJobs.status} = 'pending' and ${mediaJobs.attempts} < ${MAX_ATTEMPTS} order by ${mediaJobs.createdAt}, ${mediaJobs.id} limit 1)`,
        ),
      )
      .returning()
      .get() ?? null
  );
}

/**
 * Works through the queue until no pending job is left. runMediaQueue is the one to call; this is
 * a runner without its in-process guard, as a second trigger from elsewhere would start one.
 */
export async function drainMediaQueue(
  db: Db,
  work: (mediaId: string) => Promise<void>,
  discard: (mediaId: string) => Promise<void> = deleteMedia,
): Promise<void> {
  for (let job = claimNextJob(db); job; job = claimNextJob(db)) {
    let finish = () => {};
    current = { mediaId: job.mediaId, finished: new Promise<void>((resolve) => (finish = resolve)) };
    try {
      await work(job.mediaId);
      const kept = db.update(mediaJobs).set({ status: 'done' }).where(eq(mediaJobs.id, job.id)).run().changes;
      // The photo was deleted while its AVIF was being made (deleting releases its files and its
      // job): what the work has just written would be an orphan, so it goes too.
      if (kept === 0) await discard(job.mediaId);
    } catch (err) {
      const attempts = job.attempts + 1;
      db.update(mediaJobs)
        .set({ attempts, lastError: String(err), status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending' })
        .where(and(eq(mediaJobs.id, job.id), eq(mediaJobs.status, 'running')))
        .run();
      getLog().error({ err }, `AVIF for ${job.mediaId} failed (attempt ${attempts}).`);
    } finally {
      current = null;
      finish();
    }
  }
}

/**
 * Starts working through pending jobs unless already at it; resolves when the queue is empty.
 * `work` makes the job's files (the AVIF ladder unless a test says otherwise).
 */
export function runMediaQueue(
  db: Db,
  work: (mediaId: string) => Promise<void> = generateAvif,
): Promise<void> {
  running ??= drainMediaQueue(db, work).finally(() => {
    running = null;
  });
  return running;
}
