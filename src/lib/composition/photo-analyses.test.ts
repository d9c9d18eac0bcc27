// The kept analysis of a site photo: saved with its date, replaced by the next one, gone with the
// photo; and the stored file a photo is analysed from.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  findPhotoAnalysis,
  photoSourceKey,
  savePhotoAnalysis,
} from '~/lib/composition/photo-analyses.server';
import type { CompositionAnalysis } from '~/lib/composition/schemas';
import { photoAnalyses, photos } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makePhoto } from '~tests/helpers/factories';

const analysis = (overallScore: number): CompositionAnalysis => ({
  overallScore,
  summary: 'A solid photograph.',
  strengths: [],
  improvements: ['Level the horizon.'],
  compositionElements: { Horizon: { score: 7, feedback: 'The horizon tilts.' } },
  tips: [],
});

describe('photo analyses', () => {
  it('keeps the last analysis of a photo with its date', () => {
    const db = memoryDb();
    {
      const photo = makePhoto(db);
      expect(findPhotoAnalysis(db, photo.id)).toBeNull();
      const first = savePhotoAnalysis(db, photo.id, analysis(6.5), new Date('2026-05-01T10:00:00Z'));
      expect(findPhotoAnalysis(db, photo.id)).toEqual(first);
      savePhotoAnalysis(db, photo.id, analysis(8.1), new Date('2026-05-02T10:00:00Z'));
      expect(findPhotoAnalysis(db, photo.id)).toEqual({
        analysis: analysis(8.1),
        analysedAt: '2026-05-02T10:00:00.000Z',
      });
      db.delete(photos).where(eq(photos.id, photo.id)).run();
      expect(findPhotoAnalysis(db, photo.id)).toBeNull();
    }
  });

  it('keeps the owner’s horizon choice with the last analysis', () => {
    const db = memoryDb();
    const photo = makePhoto(db);
    savePhotoAnalysis(db, photo.id, analysis(6.5), new Date('2026-05-01T10:00:00Z'), 'not-horizon');
    const row = db.select().from(photoAnalyses).where(eq(photoAnalyses.photoId, photo.id)).get();
    expect(row?.horizonChoice).toBe('not-horizon');
    savePhotoAnalysis(db, photo.id, analysis(6.5), new Date('2026-05-02T10:00:00Z'));
    expect(db.select().from(photoAnalyses).get()?.horizonChoice).toBeNull();
  });

  it('finds no stored file for a photo whose URL names none', async () => {
    expect(await photoSourceKey({ mediaId: null, imageUrl: 'https://example.com/a.jpg' })).toBeNull();
  });
});
