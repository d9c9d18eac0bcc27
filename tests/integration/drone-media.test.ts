// The owner's drone samples over HTTP (POST /api/drone-media, DELETE /api/drone-media/{id},
// PUT /api/drone-media/{id}/featured): owner only, only from the owner's own uploads of the right
// kind, one featured video at a time, and the drone page shows the result.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivativeKey, mediaPrefix, objectKey } from '~/lib/platform/server/storage/storage';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';
import { expectServedFromStore, inSiteStore, isStored, storedKeys } from '../helpers/stored';
import { grantUpload, putUpload, tinyMp4 } from '../helpers/uploads';
import { makeClip } from '../helpers/video-clip';

let server: RunningServer;
let cookie: string;

interface Sample {
  id: string;
  type: string;
  url: string;
  title: string | null;
  isFeatured: boolean;
  poster?: string | null;
}

async function uploadPhoto(): Promise<string> {
  const url = await grantUpload(server.url, cookie, 'image');
  const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#5a7a6a' } })
    .jpeg()
    .toBuffer();
  const res = await putUpload(server.url, url, jpeg, { 'content-type': 'image/jpeg' });
  expect(res.status).toBe(200);
  return url;
}

async function uploadVideo(): Promise<string> {
  const url = await grantUpload(server.url, cookie, 'sample-video');
  const res = await putUpload(server.url, url, tinyMp4, { 'content-type': 'video/mp4' });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

const send = (method: string, path: string, body?: unknown, asOwner = true) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: {
      origin: server.url,
      ...(asOwner ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Uploads a real clip (ffmpeg takes a poster frame from it) and adds it as a drone video. */
async function addVideoWithPoster(
  title: string,
  clip: Buffer,
): Promise<{ object: { url: string }; video: Sample }> {
  const url = await grantUpload(server.url, cookie, 'video');
  const put = await putUpload(server.url, url, clip, { 'content-type': 'video/mp4' });
  expect(put.status).toBe(200);
  const object = (await put.json()) as { url: string; media: { mediaId: string } | null };
  expect(object.media).not.toBeNull();
  const created = await send('POST', '/api/drone-media', { type: 'video', url, title });
  expect(created.status).toBe(201);
  return { object, video: (await created.json()) as Sample };
}

const list = async () => (await (await fetch(`${server.url}/api/drone-media`)).json()) as Sample[];

beforeAll(async () => {
  server = await startServer();
  cookie = await signIn(server.url);
});
afterAll(async () => {
  await server?.stop();
});

describe('drone samples', () => {
  it('are added, featured and deleted by the owner only', async () => {
    const photoUrl = await uploadPhoto();
    expect((await send('POST', '/api/drone-media', { type: 'photo', url: photoUrl }, false)).status).toBe(
      401,
    );

    const created = await send('POST', '/api/drone-media', {
      type: 'photo',
      url: photoUrl,
      title: 'Glendalough from above',
      description: 'The upper lake at dawn',
    });
    expect(created.status).toBe(201);
    const photo = (await created.json()) as Sample;
    // Stored as a JPEG derivative (the largest up to 1920 px), never the signed URL or the original.
    expect(photo.url).toMatch(/^\/media\/[A-Za-z0-9_-]+\/960\.jpg$/);
    expect((await fetch(`${server.url}${photo.url}`)).status).toBe(200);

    const page = await (await fetch(`${server.url}/drone-services`)).text();
    expect(page).toContain('Glendalough from above');
    expect(page).toContain('Admin access required to upload sample photos');
    // The owner's upload widget and its stylesheets are not in a visitor's page.
    expect(page).not.toContain('uppy-');

    expect((await send('DELETE', `/api/drone-media/${photo.id}`, undefined, false)).status).toBe(401);
    expect((await send('DELETE', `/api/drone-media/${photo.id}`)).status).toBe(204);
    expect((await list()).some((s) => s.id === photo.id)).toBe(false);
    const again = await send('DELETE', `/api/drone-media/${photo.id}`);
    expect(again.status).toBe(404);
    expect((await again.json()).message).toMatch(/not found/);
  });

  it('keep one featured video at a time, and refuse to feature a photo', async () => {
    const ids: string[] = [];
    for (const title of ['Coast reel', 'Mountain reel']) {
      const res = await send('POST', '/api/drone-media', { type: 'video', url: await uploadVideo(), title });
      expect(res.status).toBe(201);
      const video = (await res.json()) as Sample;
      expect(video.url).toMatch(/^\/objects\/uploads\/[A-Za-z0-9_-]+$/);
      ids.push(video.id);
    }
    expect((await send('PUT', `/api/drone-media/${ids[0]}/featured`, undefined, false)).status).toBe(401);
    expect((await send('PUT', `/api/drone-media/${ids[0]}/featured`)).status).toBe(200);
    expect((await send('PUT', `/api/drone-media/${ids[1]}/featured`)).status).toBe(200);
    const featured = (await list()).filter((s) => s.isFeatured);
    expect(featured.map((s) => s.id)).toEqual([ids[1]]);

    const page = await (await fetch(`${server.url}/drone-services`)).text();
    expect(page).toContain('Mountain reel');
    expect(page).toContain('Featured');

    const photo = (await (
      await send('POST', '/api/drone-media', { type: 'photo', url: await uploadPhoto() })
    ).json()) as Sample;
    const refused = await send('PUT', `/api/drone-media/${photo.id}/featured`);
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe('Only a video can be the featured video.');
    expect((await send('PUT', '/api/drone-media/nope/featured')).status).toBe(404);
  });

  it('refuse an upload of the wrong kind, one that is not there, and bad input, storing nothing', async () => {
    const before = (await list()).length;
    const cases: [unknown, RegExp][] = [
      [{ type: 'video', url: await uploadPhoto() }, /not a video/],
      [{ type: 'photo', url: await uploadVideo() }, /not an image/],
      [{ type: 'photo', url: '/objects/uploads/doesnotexist123' }, /not found/],
      [{ type: 'photo', url: 'https://elsewhere.example/p.jpg' }, /upload box/],
      [{ type: 'poster', url: '/objects/uploads/x' }, /photo or video/],
      [{ type: 'photo' }, /upload a file first/],
      [{ type: 'photo', url: await uploadPhoto(), title: 'x'.repeat(201) }, /at most 200/],
    ];
    for (const [body, message] of cases) {
      const res = await send('POST', '/api/drone-media', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await res.json()).message).toMatch(message);
    }
    const bad = await fetch(`${server.url}/api/drone-media`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    expect((await list()).length).toBe(before);
  });

  it('refuse a third sample photo with 409, storing nothing', async () => {
    while ((await list()).filter((s) => s.type === 'photo').length < 2) {
      expect(
        (await send('POST', '/api/drone-media', { type: 'photo', url: await uploadPhoto() })).status,
      ).toBe(201);
    }
    const refused = await send('POST', '/api/drone-media', { type: 'photo', url: await uploadPhoto() });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(
      'Upload Limit Reached: Maximum of 2 drone service photos allowed. Please delete an existing photo first.',
    );
    expect((await list()).filter((s) => s.type === 'photo')).toHaveLength(2);
    // A video is not counted.
    expect((await send('POST', '/api/drone-media', { type: 'video', url: await uploadVideo() })).status).toBe(
      201,
    );
  });

  it('serve a video that has a poster frame as the video, with HTTP Range, and the poster at its own address', async () => {
    const { object, video } = await addVideoWithPoster('Sugarloaf orbit', makeClip('mp4'));
    expect(video.url).toBe(object.url);

    const whole = await fetch(`${server.url}${video.url}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const mp4 = Buffer.from(await whole.arrayBuffer());
    expect(mp4.subarray(4, 8).toString()).toBe('ftyp');
    // What a browser's <video> asks first, then a part further in.
    for (const [range, start, end] of [
      ['bytes=0-', 0, mp4.length - 1],
      ['bytes=100-199', 100, 199],
    ] as const) {
      const part = await fetch(`${server.url}${video.url}`, { headers: { range } });
      expect(part.status, range).toBe(206);
      expect(part.headers.get('content-type'), range).toBe('video/mp4');
      expect(part.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${mp4.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(mp4.subarray(start, end + 1)), range).toBe(true);
    }

    const poster = (await list()).find((s) => s.id === video.id)?.poster ?? '';
    expect(poster).toMatch(/^\/media\/[A-Za-z0-9_-]+\/\d+\.jpg$/);
    const image = await fetch(`${server.url}${poster}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    // Featured, both pages show the video from its address and the poster from its own.
    expect((await send('PUT', `/api/drone-media/${video.id}/featured`)).status).toBe(200);
    for (const path of ['/drone-services', '/']) {
      const page = await (await fetch(`${server.url}${path}`)).text();
      expect(page, path).toContain(`src="${video.url}"`);
      expect(page, path).toContain(`poster="${poster}"`);
    }

    // The poster frame does not make the video an image: it cannot be a sample photo.
    const asPhoto = await send('POST', '/api/drone-media', { type: 'photo', url: video.url });
    expect(asPhoto.status).toBe(400);
    expect((await asPhoto.json()).message).toMatch(/not an image/);
  });

  it('show a video with its poster frame, and remove both files when it is deleted', async () => {
    const { object, video } = await addVideoWithPoster('Lough Tay pass', makeClip('mp4', { tagged: true }));
    expect((await send('PUT', `/api/drone-media/${video.id}/featured`)).status).toBe(200);

    const listed = (await list()).find((s) => s.id === video.id);
    expect(listed?.poster).toMatch(/^\/media\/[A-Za-z0-9_-]+\/320\.jpg$/);
    const poster = listed?.poster ?? '';
    expect((await fetch(`${server.url}${poster}`)).status).toBe(200);
    expect((await fetch(`${server.url}${object.url}`)).status).toBe(200);
    // Both are in the site's store (the bucket on S3, reached by a redirect).
    const objectId = object.url.split('/').pop() ?? '';
    const posterId = poster.split('/')[2] ?? '';
    await expectServedFromStore(server, object.url, objectKey(objectId));
    await expectServedFromStore(server, poster, derivativeKey(posterId, 320, 'jpg'));
    for (const path of ['/drone-services', '/']) {
      const page = await (await fetch(`${server.url}${path}`)).text();
      expect(page, path).toContain(`poster="${poster}"`);
    }

    expect((await send('DELETE', `/api/drone-media/${video.id}`)).status).toBe(204);
    expect((await fetch(`${server.url}${object.url}`)).status).toBe(404);
    expect((await fetch(`${server.url}${poster}`)).status).toBe(404);
    await inSiteStore(server, async () => {
      expect(await isStored(objectKey(objectId))).toBe(false);
      expect(await storedKeys(mediaPrefix(posterId))).toEqual([]);
    });
    expect((await send('DELETE', `/api/drone-media/${video.id}`)).status).toBe(404);
    expect((await send('PUT', `/api/drone-media/${video.id}/featured`)).status).toBe(404);
  });
});
