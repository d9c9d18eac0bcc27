// The frame details over HTTP on the built server: the owner's alone; a negative weight or an unknown
// glazing is a 400 with a sentence and the field, and changes nothing; until saved, the print page's
// product safety section keeps its general notes, and once saved the cached page shows the glazing,
// the hanging fittings and the weight of each size at once (the save changes SQLite's data_version).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSiteDb } from '../helpers/db';
import { makeFramings, makePhoto, makeVariant } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  cookie = await signIn(server.url);
  withSiteDb(server.dataDir, (db) => {
    makeFramings(db);
    makePhoto(db, { id: 'p-dan', title: 'Lough Dan' });
    makeVariant(db, { photoId: 'p-dan', size: 'small', finish: 'matte' });
    makeVariant(db, { photoId: 'p-dan', size: 'large', finish: 'matte' });
  });
});
afterAll(async () => {
  await server?.stop();
});

const put = (body: unknown, withCookie = true) =>
  fetch(`${server.url}/api/admin/frame-details`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: server.url, ...(withCookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
const safety = async () => {
  const res = await fetch(`${server.url}/prints/lough-dan`);
  const html = await res.text();
  const section = /<section aria-labelledby="safety-title"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  return { cache: res.headers.get('x-cache'), text: section.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
};

describe('the frame details', () => {
  it('are the owner’s alone', async () => {
    expect((await fetch(`${server.url}/api/admin/frame-details`)).status).toBe(401);
    expect((await put({ glazing: 'glass' }, false)).status).toBe(401);
  });

  it('keep the general notes until saved, and refuse bad input with a sentence', async () => {
    const before = await safety();
    expect(before.text).toContain('A framed print is heavier than the print alone.');
    expect(before.text).not.toContain('Glazed with');
    expect((await safety()).cache).toBe('hit');
    const cases: [object, string, string][] = [
      [
        { glazing: 'glass', weights: { large: -3 } },
        'The weight of a framed Large print cannot be negative.',
        'weights.large',
      ],
      [{ glazing: 'perspex' }, 'The glazing must be glass or acrylic, or left unsaid.', 'glazing'],
    ];
    for (const [body, message, field] of cases) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message, field });
    }
    const stored = await fetch(`${server.url}/api/admin/frame-details`, { headers: { cookie } });
    expect(await stored.json()).toEqual({
      details: { glazing: null, hanging: null, weightsGrams: { small: null, medium: null, large: null } },
    });
  });

  it('once saved, show on the cached print page at once', async () => {
    const res = await put({
      glazing: 'glass',
      hanging: 'D-rings and cord, fitted.',
      weights: { small: '1.2', medium: '', large: '3.45' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { details: object }).details).toEqual({
      glazing: 'glass',
      hanging: 'D-rings and cord, fitted.',
      weightsGrams: { small: 1200, medium: null, large: 3450 },
    });
    const after = await safety();
    expect(after.cache).toBe('miss');
    expect(after.text).toContain('Glazed with glass: handle with care.');
    expect(after.text).toContain('Small (8x12 inches): 1.2 kg');
    expect(after.text).toContain('Large (16x20 inches): 3.45 kg');
    expect(after.text).toContain('Hanging fittings: D-rings and cord, fitted.');
    expect(after.text).not.toContain('A framed print is heavier than the print alone.');

    expect((await put({ glazing: 'acrylic', hanging: '', weights: { small: '', large: '' } })).status).toBe(
      200,
    );
    const acrylic = await safety();
    expect(acrylic.text).toContain('Glazed with acrylic, which is lighter than glass and does not shatter.');
    expect(acrylic.text).not.toContain('Hanging fittings');
    expect(acrylic.text).toContain('A framed print is heavier than the print alone.');
  });
});
