// The background queue of media work (AVIF ladders). Rows in media_jobs survive a restart:
// whatever is pending at start is picked up again. One job at a time, so publishing a new photo
// (which runs in the request) keeps a core for itself.
import { and, asc, eq, sql } from 'drizzle-orm';
import { mediaJobs } from '../../../db/schema';
import type { Db } from './db';
import { generateAvif } from './images';

const MAX_ATTEMPTS = 3;
let running: Promise<void> | null = null;

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
    runMediaQueue(db).catch((err) => console.error('The media queue stopped.', err));
  });
}

function nextJob(db: Db) {
  return db
    .select()
    .from(mediaJobs)
    .where(and(eq(mediaJobs.status, 'pending'), sql`${mediaJobs.attempts} < ${MAX_ATTEMPTS}`))
    .orderBy(asc(mediaJobs.createdAt))
    .get();
}

async function drain(db: Db): Promise<void> {
  for (let job = nextJob(db); job; job = nextJob(db)) {
    try {
      await generateAvif(job.mediaId);
      db.update(mediaJobs).set({ status: 'done' }).where(eq(mediaJobs.id, job.id)).run();
    } catch (err) {
      const attempts = job.attempts + 1;
      db.update(mediaJobs)
        .set({ attempts, lastError: String(err), status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending' })
        .where(eq(mediaJobs.id, job.id))
        .run();
      console.error(`AVIF for ${job.mediaId} failed (attempt ${attempts}).`, err);
    }
  }
}

/** Starts working through pending jobs unless already at it; resolves when the queue is empty. */
export function runMediaQueue(db: Db): Promise<void> {
  running ??= drain(db).finally(() => {
    running = null;
  });
  return running;
}
