// The Profile tab's endpoints over HTTP: the bio picture (PUT /api/admin/bio-picture) takes only the
// site's own image uploads and shows on the home page, the old picture's files go; the password
// change (POST /api/admin/password) needs the current password, signs every other session out,
// counts wrong passwords like failed sign-ins, and the new password signs in.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivativeKey, mediaPrefix } from '~/lib/platform/server/storage/storage';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';
import { expectServedFromStore, inSiteStore, storedKeys } from '../helpers/stored';
import { grantUpload, putUpload, tinyMp4 } from '../helpers/uploads';

const OLD_PASSWORD = 'integration-password';
const NEW_PASSWORD = 'heather on the hills 2026';

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  cookie = await signIn(server.url);
});
afterAll(async () => {
  await server?.stop();
});

const send = (method: string, path: string, body: unknown, as = cookie) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { origin: server.url, cookie: as, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function uploadImage(color: string): Promise<string> {
  const url = await grantUpload(server.url, cookie, 'bio-picture');
  const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: color } })
    .png()
    .toBuffer();
  const res = await putUpload(server.url, url, png, { 'content-type': 'image/png' });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

describe('the bio picture', () => {
  it('refuses garbage, foreign addresses and anything that is not an image upload', async () => {
    const video = await grantUpload(server.url, cookie, 'sample-video');
    const videoRes = await putUpload(server.url, video, tinyMp4, { 'content-type': 'video/mp4' });
    const videoUrl = ((await videoRes.json()) as { url: string }).url;

    const refused: [unknown, number][] = [
      ['{"bioPictureURL": ', 400],
      [{}, 400],
      [{ bioPictureURL: 42 }, 400],
      [{ bioPictureURL: '' }, 400],
      [{ bioPictureURL: 'https://example.com/me.jpg' }, 400],
      [{ bioPictureURL: 'javascript:alert(1)' }, 400],
      [{ bioPictureURL: '/media/abcdefgh12/640.jpg' }, 400],
      [{ bioPictureURL: '/objects/uploads/nosuchupload1' }, 400],
      [{ bioPictureURL: videoUrl }, 400],
    ];
    for (const [body, status] of refused) {
      const res = await send('PUT', '/api/admin/bio-picture', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      const message = await messageOf(res);
      expect(message, JSON.stringify(body)).toMatch(/\w+ \w+/);
      expect(message).not.toMatch(/at .*\.(ts|js|mjs):\d+/);
    }
    const profile = await (await fetch(`${server.url}/api/admin/profile`, { headers: { cookie } })).json();
    expect(profile.bioPictureUrl).toBeNull();
  });

  it('refuses a file that is not an image at the upload itself', async () => {
    const url = await grantUpload(server.url, cookie, 'bio-picture');
    const res = await putUpload(server.url, url, Buffer.from('not an image at all'), {
      'content-type': 'image/png',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('is set from an image upload, shows on the home page, and its replacement removes its files', async () => {
    const first = await send('PUT', '/api/admin/bio-picture', {
      bioPictureURL: await uploadImage('#6b7f5a'),
    });
    expect(first.status).toBe(200);
    const { bioPictureUrl } = (await first.json()) as { bioPictureUrl: string };
    expect(bioPictureUrl).toMatch(/^\/media\/[A-Za-z0-9_-]+\/640\.jpg$/);
    expect((await fetch(`${server.url}${bioPictureUrl}`)).status).toBe(200);
    const mediaId = bioPictureUrl.split('/')[2] ?? '';
    await expectServedFromStore(server, bioPictureUrl, derivativeKey(mediaId, 640, 'jpg'));

    const profile = await (await fetch(`${server.url}/api/admin/profile`)).json();
    expect(profile).toEqual({ bioPictureUrl });
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toContain(`src="${bioPictureUrl}"`);
    expect(home).not.toContain('No profile photo set');

    const second = await send('PUT', '/api/admin/bio-picture', {
      bioPictureURL: await uploadImage('#a05a7a'),
    });
    expect(second.status).toBe(200);
    const replaced = (await second.json()) as { bioPictureUrl: string };
    expect(replaced.bioPictureUrl).not.toBe(bioPictureUrl);
    expect((await fetch(`${server.url}${bioPictureUrl}`)).status).toBe(404);
    await inSiteStore(server, async () => expect(await storedKeys(mediaPrefix(mediaId))).toEqual([]));
    expect(await (await fetch(`${server.url}/`)).text()).toContain(`src="${replaced.bioPictureUrl}"`);
  });
});

describe('changing the password', () => {
  it("is refused with the wrong current password, a mismatch or a short one, and better-auth's own route is off", async () => {
    const wrong = await send('POST', '/api/admin/password', {
      currentPassword: 'not-the-password',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(await messageOf(wrong)).toBe('The current password is not correct.');

    const mismatch = await send('POST', '/api/admin/password', {
      currentPassword: OLD_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}!`,
    });
    expect(mismatch.status).toBe(400);
    expect(await messageOf(mismatch)).toMatch(/not the same/);

    const short = await send('POST', '/api/admin/password', {
      currentPassword: OLD_PASSWORD,
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(short.status).toBe(400);
    expect(await messageOf(short)).toMatch(/at least 8 characters/);

    const crossSite = await fetch(`${server.url}/api/admin/password`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        currentPassword: OLD_PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }),
    });
    expect(crossSite.status).toBe(403);

    const direct = await send('POST', '/api/auth/change-password', {
      currentPassword: OLD_PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: false,
    });
    expect(direct.status).toBe(404);
    // Nothing changed: the old password still signs in.
    await signIn(server.url, 'owner@example.com', OLD_PASSWORD);
  });

  it('signs every other session out, and the new password signs in', async () => {
    const other = await signIn(server.url);
    const changed = await send('POST', '/api/admin/password', {
      currentPassword: OLD_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
    const fresh = changed.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(fresh).toMatch(/session_token=./);

    const dashboard = (as: string) => fetch(`${server.url}/api/admin/dashboard`, { headers: { cookie: as } });
    expect((await dashboard(other)).status).toBe(401);
    expect((await dashboard(cookie)).status).toBe(401);
    expect((await dashboard(fresh)).status).toBe(200);

    await expect(signIn(server.url, 'owner@example.com', OLD_PASSWORD)).rejects.toThrow();
    cookie = await signIn(server.url, 'owner@example.com', NEW_PASSWORD);
    expect((await dashboard(cookie)).status).toBe(200);
  });

  it('counts wrong current passwords against the sign-in limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await send('POST', '/api/admin/password', {
        currentPassword: `guess-${i}-wrong`,
        newPassword: 'another password',
        confirmPassword: 'another password',
      });
      statuses.push(res.status);
    }
    // Wrong guesses are 400s until the limit (10 failures, two of them made above) answers 429.
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal, statuses.join()).toBeGreaterThanOrEqual(7);
    expect(statuses.slice(0, firstRefusal).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(firstRefusal).every((s) => s === 429)).toBe(true);
    // The password is unchanged by any of it.
    expect((await fetch(`${server.url}/api/admin/dashboard`, { headers: { cookie } })).status).toBe(200);
  });
});
