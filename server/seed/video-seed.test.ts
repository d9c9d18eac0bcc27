// The demo seed's drone clip: drawn with sharp, encoded by ffmpeg, saved as the featured drone
// video with its poster frame's derivatives; without ffmpeg the seed goes on without it.
import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { posterUrl } from '~/lib/drone/drone-media.server';
import { resetConfigForTests } from '~/lib/platform/server/config';
import { derivativePath, objectPath } from '~/lib/platform/server/storage/storage';
import { droneMedia, uploadedObjects } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { streamKinds } from '~tests/helpers/video-clip';
import { type Processed, seedDemo } from './demo';
import type { DemoPhoto } from './demo-photos';
import { makeDemoClip } from './demo-video';

const dataDir = tempDataDir('video-seed');

afterEach(() => {
  delete process.env.FFMPEG_PATH;
  resetConfigForTests();
});

// The image pipeline has tests of its own; the photos are stand-ins here, the clip is real.
const fakeProcess = async (photo: DemoPhoto): Promise<Processed> => ({
  photo,
  mediaId: `m${photo.slug.replaceAll('-', '')}`,
  width: photo.width,
  height: photo.height,
  dominantColor: '#556677',
  placeholder: 'x',
  imageUrl: `/media/m${photo.slug}/1920.jpg`,
});

const videos = (db: ReturnType<typeof memoryDb>) =>
  db.select().from(droneMedia).where(eq(droneMedia.type, 'video')).all();

describe('the demo drone clip', () => {
  it('is a 640x360 H.264 MP4, featured on the drone page, with a poster frame', async () => {
    const db = memoryDb();
    await seedDemo(db, { process: fakeProcess, clip: makeDemoClip });
    const [video] = videos(db);
    expect(video).toMatchObject({ isFeatured: true, isActive: true, width: 640, height: 360 });
    const objectId = video?.url.replace('/objects/uploads/', '') ?? '';
    const file = objectPath(objectId);
    expect(streamKinds(file)).toEqual(['Video']);
    expect(db.select().from(uploadedObjects).where(eq(uploadedObjects.id, objectId)).get()).toMatchObject({
      status: 'ready',
      contentType: 'video/mp4',
      mediaId: video?.mediaId,
    });
    expect(posterUrl(video ?? { mediaId: null, width: null })).toBe(`/media/${video?.mediaId}/640.jpg`);
    expect(existsSync(derivativePath(video?.mediaId ?? '', 640, 'jpg'))).toBe(true);

    // Seeding again (forced) changes nothing.
    await seedDemo(db, { process: fakeProcess, clip: makeDemoClip, force: true });
    expect(videos(db)).toHaveLength(1);
  });

  it('is skipped, and the seed still succeeds, when ffmpeg cannot run', async () => {
    process.env.FFMPEG_PATH = `${dataDir.dir}/no-such-ffmpeg`;
    resetConfigForTests();
    const db = memoryDb();
    const report = await seedDemo(db, { process: fakeProcess, clip: makeDemoClip });
    expect(report.seeded).toBe(true);
    expect(videos(db)).toEqual([]);
    expect(db.select().from(uploadedObjects).all()).toEqual([]);
  });
});
