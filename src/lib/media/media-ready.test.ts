// Pages offer AVIF for a photo only when the media queue has finished its ladder.
import { describe, expect, it } from 'vitest';
import { avifReadiness } from '~/lib/media/media-ready.server';
import { mediaJobs } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';

describe('AVIF readiness', () => {
  it('is true only for media whose AVIF job is done', () => {
    const db = memoryDb();
    db.insert(mediaJobs)
      .values([
        { mediaId: 'donedone01', kind: 'avif', status: 'done' },
        { mediaId: 'pending001', kind: 'avif', status: 'pending' },
        { mediaId: 'failed0001', kind: 'avif', status: 'failed', attempts: 3 },
      ])
      .run();
    const ready = avifReadiness(db, [
      'donedone01',
      'pending001',
      'failed0001',
      'nojob00001',
      null,
      undefined,
    ]);
    expect(ready('donedone01')).toBe(true);
    expect(ready('pending001')).toBe(false);
    expect(ready('failed0001')).toBe(false);
    expect(ready('nojob00001')).toBe(false);
    expect(ready(null)).toBe(false);
    expect(ready(undefined)).toBe(false);
    // Only the ids asked about are known.
    expect(avifReadiness(db, ['pending001'])('donedone01')).toBe(false);
    expect(avifReadiness(db, [])('donedone01')).toBe(false);
  });
});
