// The owner's print crops over HTTP against the built server: without a session the endpoint is
// refused, garbage and out-of-range positions are a 400 sentence that changes nothing, an unknown
// photo is a 404; a saved crop reaches the print dialog's variants (its position, and no withdrawn
// size), the print page, and the checkout's quote, which refuses the withdrawn size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSiteDb } from '../helpers/db';
import { makePhoto, makeVariant } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let site: RunningServer;
let cookie: string;
let photoId: string;
let mediumId: string;

beforeAll(async () => {
  site = await startServer();
  cookie = await signIn(site.url);
  ({ photoId, mediumId } = withSiteDb(site.dataDir, (db) => {
    const photo = makePhoto(db, { title: 'Lough Tay Crop', width: 6000, height: 4000 });
    makeVariant(db, { photoId: photo.id, size: 'small', finish: 'matte' });
    makeVariant(db, { photoId: photo.id, size: 'large', finish: 'matte' });
    const medium = makeVariant(db, { photoId: photo.id, size: 'medium', finish: 'matte' });
    return { photoId: photo.id, mediumId: medium.id };
  }));
});
afterAll(async () => {
  await site?.stop();
});

const path = (id = photoId) => `${site.url}/api/admin/photos/${encodeURIComponent(id)}/print-crops`;
const put = (body: string, { who = cookie, id = photoId } = {}) =>
  fetch(path(id), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: site.url, ...(who ? { cookie: who } : {}) },
    body,
  });
const stored = () =>
  withSiteDb(site.dataDir, (db) =>
    db.$client
      .prepare('select size, position, offered from photo_print_crops where photo_id = ? order by size')
      .all(photoId),
  );

describe('/api/admin/photos/{id}/print-crops', () => {
  it('is the owner’s alone: no session is a 401 for reading and saving', async () => {
    expect((await fetch(path())).status).toBe(401);
    const res = await put('{"crops":[{"size":"large","position":0,"offered":true}]}', { who: '' });
    expect(res.status).toBe(401);
    expect(stored()).toEqual([]);
  });

  it('gives each size with how it crops the photo, offered and centred by default', async () => {
    const res = await fetch(path(), { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const body = (await res.json()) as { sizes: { size: string; crop: unknown; offered: boolean }[] };
    expect(body.sizes.map((s) => [s.size, s.crop === null, s.offered])).toEqual([
      ['small', true, true],
      ['medium', false, true],
      ['large', false, true],
    ]);
  });

  it('refuses garbage, out-of-range positions and unknown sizes with a 400 sentence, changing nothing', async () => {
    const cases: [string, RegExp][] = [
      ['{"crops":', /^The request body must be valid JSON\.$/],
      [
        '{"crops":[{"size":"large","position":1.5,"offered":true}]}',
        /^The crop position must be a number from 0/,
      ],
      [
        '{"crops":[{"size":"large","position":-0.1,"offered":true}]}',
        /^The crop position must be a number from 0/,
      ],
      ['{"crops":[{"size":"large","position":"left","offered":true}]}', /^The crop position must be/],
      [
        '{"crops":[{"size":"huge","position":0.5,"offered":true}]}',
        /^That print size is not in the catalogue: use a size such as small, large or 16x24\.$/,
      ],
      ['{"crops":[{"size":"large","position":0.5,"offered":"no"}]}', /^Whether the size is offered must be/],
      [
        '{"crops":[{"size":"large","position":0,"offered":true},{"size":"large","position":1,"offered":true}]}',
        /^Each print size may be given only once\.$/,
      ],
      ['{}', /^The crops must be a list/],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.status, body).toBe(400);
      expect(((await res.json()) as { message: string }).message, body).toMatch(message);
    }
    expect(stored()).toEqual([]);
  });

  it('answers 404 for an unknown photo', async () => {
    const res = await put('{"crops":[]}', { id: 'no-such-photo' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'That photo was not found.' });
    expect((await fetch(path('no-such-photo'), { headers: { cookie } })).status).toBe(404);
  });

  it('saves a moved crop and a withdrawn size, which the shop and the checkout then follow', async () => {
    const res = await put(
      JSON.stringify({
        crops: [
          { size: 'large', position: 0.25, offered: true },
          { size: 'medium', position: 0.5, offered: false },
        ],
      }),
    );
    expect(res.status).toBe(200);
    expect(stored()).toEqual([
      { size: 'large', position: 250, offered: 1 },
      { size: 'medium', position: 500, offered: 0 },
    ]);

    const variants = (await (await fetch(`${site.url}/api/photos/${photoId}/variants`)).json()) as {
      size: string;
      cropPosition?: number;
    }[];
    expect(variants.map((v) => [v.size, v.cropPosition])).toEqual(
      expect.arrayContaining([
        ['small', undefined],
        ['large', 0.25],
      ]),
    );
    expect(variants.some((v) => v.size === 'medium')).toBe(false);

    const page = await (await fetch(`${site.url}/prints/lough-tay-crop`)).text();
    expect(page).toContain('Lough Tay Crop');
    expect(page).not.toContain('12x16 inches');

    const quote = await fetch(`${site.url}/api/checkout/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77' },
      body: JSON.stringify({ lines: [{ variantId: mediumId, framing: null, quantity: 1 }], country: 'IE' }),
    });
    expect([400, 422]).toContain(quote.status);
    expect(((await quote.json()) as { message: string }).message).toMatch(
      /^"Lough Tay Crop" \(medium, 12x16 inches\) is no longer offered at that size/,
    );
  });
});
