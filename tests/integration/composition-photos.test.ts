// Analysing a site photo from its stored original (GET/POST /api/admin/photos/{id}/analysis): the
// kept analysis with its date, shown again on the next read; and the hourly limit of 30 analyses
// shared with POST /api/analyze-composition (429 with Retry-After and a message saying when), which
// malformed requests do not use up.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoAnalysisResponseSchema } from '~/lib/composition/schemas';
import { horizonPhoto } from '../helpers/photos';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';
import { filesOnDisk, inSiteStore, storedKeys } from '../helpers/stored';
import { testStorage } from '../helpers/test-storage';

describe('composition analysis of site photos', () => {
  let server: RunningServer;
  let cookie: string;
  let photoId: string;
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { origin: server.url, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: typeof body === 'string' ? body : body ? JSON.stringify(body) : undefined,
    });

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: '1' });
    cookie = await signIn(server.url);
    const photos = (await (await fetch(`${server.url}/api/photos`)).json()) as { id: string }[];
    photoId = photos[0]!.id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('is for the owner only', async () => {
    const res = await fetch(`${server.url}/api/admin/photos/${photoId}/analysis`);
    expect(res.status).toBe(401);
  });

  it('has no kept analysis at first, then keeps the one it makes from the original, with its date', async () => {
    const path = `/api/admin/photos/${photoId}/analysis`;
    const before = photoAnalysisResponseSchema.parse(await (await call('GET', path)).json());
    expect(before.photo.id).toBe(photoId);
    expect(before.kept).toBeNull();

    const made = await call('POST', path);
    expect(made.status).toBe(200);
    const { kept } = photoAnalysisResponseSchema.parse(await made.json());
    expect(kept).not.toBeNull();
    expect(kept!.analysis.measurements?.exposure.histogram).toHaveLength(32);
    expect(Date.now() - Date.parse(kept!.analysedAt)).toBeLessThan(5 * 60_000);

    const again = photoAnalysisResponseSchema.parse(await (await call('GET', path)).json());
    expect(again.kept).toEqual(kept);
  });

  it('reads the demo photos from the store they were seeded into (on S3 the bucket, not the disk)', async () => {
    await inSiteStore(server, async () => {
      expect((await storedKeys('originals/')).length).toBeGreaterThan(0);
      expect((await storedKeys('media/')).length).toBeGreaterThan(0);
      // The demo clip, when ffmpeg could make it, is a stored object like an uploaded video.
      const onDisk = filesOnDisk().filter((f) => !f.startsWith('tmp/'));
      if (testStorage() === 's3') expect(onDisk).toEqual([]);
      else expect(onDisk.length).toBeGreaterThan(0);
    });
  });

  it('answers 404 for a photo that does not exist', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await call(method, '/api/admin/photos/no-such-photo/analysis');
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe('That photo was not found.');
    }
  });

  it('allows 30 analyses an hour across both endpoints, then answers 429 saying when to try again', async () => {
    // One analysis was made above. Malformed requests, any number of them, use up none of the 30.
    const photo = (await horizonPhoto(0)).toString('base64');
    const text = Buffer.from('Just some words, not a photo.').toString('base64');
    const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const malformed: [string, unknown, number][] = [
      ['bad JSON', '{"image":', 400],
      ['no image', {}, 400],
      ['not base64', { image: 'not base64 at all!' }, 400],
      ['not a photo', { image: text }, 415],
      ['a damaged photo', { image: damaged.toString('base64') }, 400],
      ['too big', { image: 'A'.repeat(14 * 1024 * 1024) }, 413],
    ];
    for (let round = 0; round < 6; round++) {
      for (const [what, body, status] of malformed) {
        const res = await call('POST', '/api/analyze-composition', body);
        expect(res.status, what).toBe(status);
        expect((await res.json()).message, what).toMatch(/\w+ \w+ \w+/);
      }
    }
    for (let i = 1; i < 30; i++) {
      expect(
        (await call('POST', '/api/analyze-composition', { image: photo })).status,
        `analysis ${i + 1}`,
      ).toBe(200);
    }
    for (const res of [
      await call('POST', '/api/analyze-composition', { image: photo }),
      await call('POST', `/api/admin/photos/${photoId}/analysis`),
    ]) {
      expect(res.status).toBe(429);
      const wait = Number(res.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(3000);
      expect(wait).toBeLessThanOrEqual(3600);
      expect((await res.json()).message).toMatch(/Please try again in \d+ minutes\./);
    }
    // Reads are not analyses: the kept one is still shown.
    expect((await call('GET', `/api/admin/photos/${photoId}/analysis`)).status).toBe(200);
  });
});
