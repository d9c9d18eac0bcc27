// Videos processed like photos: the remux keeps only the video and audio streams and no metadata
// (location, title, handler names, subtitle and data tracks, AVI INFO chunks), without re-encoding;
// a poster frame at 1 s (the first frame of a shorter clip) becomes photo derivatives. Without a
// working ffmpeg the video is kept as it came, with no poster, and the upload still succeeds.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_UPLOAD_PREFIX } from '~/lib/media/signed-url.server';
import { createUploadGrant, receiveSignedUpload } from '~/lib/media/uploads.server';
import { hasFfmpeg } from '~/lib/media/video/ffmpeg.server';
import { processVideo, remuxArgs } from '~/lib/media/video/process-video.server';
import { resetConfigForTests } from '~/lib/platform/server/config';
import { derivativeKey, objectKey } from '~/lib/platform/server/storage/storage';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeSession } from '~tests/helpers/factories';
import { expectStored, storedBytes, strayFiles } from '~tests/helpers/stored';
import { makeClip, SECRET_LOCATION, streamKinds } from '~tests/helpers/video-clip';

const dataDir = tempDataDir('video');

afterEach(() => {
  delete process.env.FFMPEG_PATH;
  resetConfigForTests();
});

function writeClip(name: string, bytes: Buffer): string {
  const file = join(dataDir.dir, name);
  writeFileSync(file, bytes);
  return file;
}

const SECRETS = [SECRET_LOCATION, 'Secret flight', 'GPS 53.0123', 'GPSHandler', 'Lavf'];
const leftovers = (file: string | Buffer) => {
  const text = (typeof file === 'string' ? readFileSync(file) : file).toString('latin1');
  return SECRETS.filter((s) => text.includes(s));
};

describe('with ffmpeg', () => {
  it('removes the location, tags, subtitle and data tracks of a MOV, keeping video and audio as they were', async () => {
    const file = writeClip('tagged.mov', makeClip('mov', { tagged: true }));
    expect(streamKinds(file)).toEqual(['Video', 'Audio', 'Subtitle', 'Data']);
    expect(leftovers(file)).toEqual(expect.arrayContaining([SECRET_LOCATION, 'Secret flight']));

    const result = await processVideo(file, 'mov');
    expect(result.problems).toEqual([]);
    expect(result.remuxed).toBe(true);
    expect(streamKinds(file)).toEqual(['Video', 'Audio']);
    expect(leftovers(file)).toEqual([]);
    expect(result.poster).toMatchObject({ width: 320, height: 180 });
    await expectStored(derivativeKey(result.poster?.mediaId ?? '', 320, 'jpg'));
  });

  it('does the same for an MP4 with a subtitle track', async () => {
    const file = writeClip('tagged.mp4', makeClip('mp4', { tagged: true }));
    expect(streamKinds(file)).toContain('Subtitle');
    const result = await processVideo(file, 'mp4');
    expect(result.remuxed).toBe(true);
    expect(streamKinds(file)).toEqual(['Video', 'Audio']);
    expect(leftovers(file)).toEqual([]);
    expect(result.poster).not.toBeNull();
  });

  it("drops an AVI's INFO chunks, and takes the first frame of a clip shorter than 1 s", async () => {
    const file = writeClip('short.avi', makeClip('avi', { seconds: 0.5, tagged: true }));
    expect(leftovers(file)).toEqual(expect.arrayContaining(['Secret flight', 'Lavf']));
    const result = await processVideo(file, 'avi');
    expect(result.remuxed).toBe(true);
    expect(leftovers(file)).toEqual([]);
    expect(readFileSync(file).toString('latin1')).not.toContain('INFO');
    expect(result.poster).toMatchObject({ width: 320, height: 180 });
  });

  it('never re-encodes: the remux arguments copy the streams', () => {
    const args = remuxArgs('/in', '/out', 'mp4');
    expect(args.join(' ')).toContain('-c copy');
    expect(args.join(' ')).toContain('-map_metadata -1');
    expect(args).not.toContain('libx264');
  });

  it('makes a poster when a signed video upload arrives, stored with the object', async () => {
    const db = memoryDb();
    const grant = createUploadGrant('video', makeSession(db).id);
    const token = grant.uploadURL.slice(SIGNED_UPLOAD_PREFIX.length);
    const body = new Uint8Array(makeClip('mp4', { tagged: true }));
    const answer = await receiveSignedUpload(db, token, new Request('http://t/u', { method: 'PUT', body }));
    expect(answer.media).toMatchObject({ width: 320, height: 180, dominantColor: expect.any(String) });
    // Processed from the received file in tmp/, then stored (in the bucket on S3) with nothing left behind.
    await expectStored(objectKey(grant.objectId));
    const stored = await storedBytes(objectKey(grant.objectId));
    expect(leftovers(stored)).toEqual([]);
    expect(answer.size).toBe(stored.length);
    await expectStored(derivativeKey(answer.media?.mediaId ?? '', 320, 'jpg'));
    // The poster's AVIF ladder is made in the background from a copy of its original in tmp/ (on
    // S3): once it is done, nothing is left there.
    await vi.waitFor(() => expect(strayFiles()).toEqual([]), { timeout: 20_000, interval: 100 });
  });
});

describe('without ffmpeg', () => {
  const missing = () => {
    process.env.FFMPEG_PATH = join(dataDir.dir, 'no-such-ffmpeg');
    resetConfigForTests();
  };

  it('keeps the video as it came and makes no poster', async () => {
    missing();
    expect(await hasFfmpeg()).toBe(false);
    const bytes = makeClip('avi', { tagged: true });
    const file = writeClip('kept.avi', bytes);
    const result = await processVideo(file, 'avi');
    expect(result).toMatchObject({ remuxed: false, poster: null });
    expect(result.problems.join(' ')).toMatch(/could not run/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('still accepts the upload: an MP4 loses its metadata boxes in place, and the answer has no poster', async () => {
    missing();
    const db = memoryDb();
    const grant = createUploadGrant('video', makeSession(db).id);
    const token = grant.uploadURL.slice(SIGNED_UPLOAD_PREFIX.length);
    const clip = makeClip('mov', { tagged: true });
    const answer = await receiveSignedUpload(
      db,
      token,
      new Request('http://t/u', { method: 'PUT', body: new Uint8Array(clip) }),
    );
    expect(answer).toMatchObject({ id: grant.objectId, media: null, size: clip.length });
    await expectStored(objectKey(grant.objectId));
    const kept = (await storedBytes(objectKey(grant.objectId))).toString('latin1');
    expect(kept).not.toContain(SECRET_LOCATION);
  });
});
