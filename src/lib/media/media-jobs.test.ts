// The media queue runs each job exactly once, even when two runners start at once (the start of
// the server and an upload, or a second copy of the queue).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  claimNextJob,
  drainMediaQueue,
  requeueInterrupted,
  runMediaQueue,
  settleMediaJob,
} from '~/lib/media/media-jobs.server';
import { mediaJobs } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';

function queued(n: number) {
  const db = memoryDb();
  for (let i = 0; i < n; i++)
    db.insert(mediaJobs)
      .values({ mediaId: `m${i}`, kind: 'avif' })
      .run();
  return db;
}

/** Work that takes a few turns of the event loop and counts what it was given. */
function countingWork() {
  const calls: string[] = [];
  const work = async (mediaId: string) => {
    calls.push(mediaId);
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
  };
  return { calls, work };
}

describe('the media queue', () => {
  it('lets a deletion wait for the job writing that photo’s files, and no other', async () => {
    const db = queued(1);
    let finish = () => {};
    const work = () => new Promise<void>((resolve) => (finish = resolve));
    const draining = drainMediaQueue(db, work, async () => {});
    await new Promise((r) => setImmediate(r));
    let settled = false;
    const waiting = settleMediaJob('m0').then(() => (settled = true));
    await settleMediaJob('another-photo');
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    finish();
    await waiting;
    expect(settled).toBe(true);
    await draining;
  });

  it('removes what a job wrote when its photo was deleted while it ran', async () => {
    const db = queued(2);
    const discarded: string[] = [];
    // The owner deletes the first photo while its AVIF is being made: its job row goes.
    const work = async (mediaId: string) => {
      if (mediaId === 'm0') db.delete(mediaJobs).where(eq(mediaJobs.mediaId, 'm0')).run();
      await new Promise((r) => setImmediate(r));
    };
    await drainMediaQueue(db, work, async (mediaId) => {
      discarded.push(mediaId);
    });
    expect(discarded).toEqual(['m0']);
    expect(db.select({ mediaId: mediaJobs.mediaId, status: mediaJobs.status }).from(mediaJobs).all()).toEqual(
      [{ mediaId: 'm1', status: 'done' }],
    );
  });

  it('runs every job once when two runners work through it at the same time', async () => {
    const db = queued(8);
    const { calls, work } = countingWork();
    await Promise.all([drainMediaQueue(db, work), drainMediaQueue(db, work)]);
    expect(calls.sort()).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
    const statuses = db.select({ status: mediaJobs.status }).from(mediaJobs).all();
    expect(statuses.every((s) => s.status === 'done')).toBe(true);
  });

  it('runs every job once when the start of the server and an upload both trigger it', async () => {
    const db = queued(4);
    const { calls, work } = countingWork();
    await Promise.all([runMediaQueue(db, work), runMediaQueue(db, work), drainMediaQueue(db, work)]);
    expect(calls.sort()).toEqual(['m0', 'm1', 'm2', 'm3']);
  });

  it('gives a claimed job to one runner only', () => {
    const db = queued(1);
    expect(claimNextJob(db)?.mediaId).toBe('m0');
    expect(claimNextJob(db)).toBeNull();
  });

  it('puts a job left running by a crash back in the queue at the next start', () => {
    const db = queued(1);
    claimNextJob(db);
    expect(requeueInterrupted(db)).toBe(1);
    expect(db.select().from(mediaJobs).where(eq(mediaJobs.mediaId, 'm0')).get()?.status).toBe('pending');
  });

  it('retries a failing job up to three times, then marks it failed', async () => {
    const db = queued(1);
    let tries = 0;
    const failing = async () => {
      tries += 1;
      throw new Error('disk full');
    };
    await drainMediaQueue(db, failing);
    expect(tries).toBe(3);
    expect(db.select().from(mediaJobs).get()).toMatchObject({ status: 'failed', attempts: 3 });
  });
});
