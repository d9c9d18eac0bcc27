// The business details over HTTP on the built server: none saved, the print page's product safety
// section names no maker and its structured data no manufacturer, and the terms name no trader; a
// malformed VAT number answers 400 with a sentence and changes nothing; once saved (by the owner
// alone), the cached print page, the terms and the privacy page show them at once, and the Product
// data carries the manufacturer, the brand, the sku and the productID.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPhoto } from '~/lib/photos/photos.server';
import { withSiteDb } from '../helpers/db';
import { makeFramings } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let server: RunningServer;
let cookie: string;
let photoId: string;

beforeAll(async () => {
  server = await startServer();
  cookie = await signIn(server.url);
  withSiteDb(server.dataDir, (db) => {
    makeFramings(db);
    photoId = createPhoto(
      db,
      {
        title: 'Lough Dan in Mist',
        description: 'Morning mist on the lake.',
        category: 'mountains',
        featured: false,
      },
      {
        mediaId: 'loughdan001',
        width: 6000,
        height: 4000,
        dominantColor: '#445566',
        placeholder: null,
        imageUrl: '/media/loughdan001/1920.jpg',
      },
    ).id;
  });
});
afterAll(async () => {
  await server?.stop();
});

const DETAILS = {
  legalName: 'Aoife Byrne',
  tradingName: 'Lough Dan Prints',
  addressLine1: 'Unit 4, Kilcoole Business Park',
  addressLine2: '',
  town: 'Kilcoole',
  region: 'Co. Wicklow',
  postcode: 'a63 x2y4',
  country: 'IE',
  vatNumber: 'ie 1234567 wa',
  companyNumber: '654321',
  email: 'prints@loughdan.ie',
  phone: '+353 1 234 5678',
};

const get = (path: string) => fetch(`${server.url}${path}`);
const put = (body: unknown, withCookie = true) =>
  fetch(`${server.url}/api/admin/business`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: server.url, ...(withCookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
const saved = async () =>
  (await (await fetch(`${server.url}/api/admin/business`, { headers: { cookie } })).json()) as {
    details: Record<string, unknown> | null;
  };
function product(html: string): Record<string, unknown> {
  const all = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
  );
  return all.find((d) => d['@type'] === 'Product') as Record<string, unknown>;
}
/** The page's text between the product safety heading and the end of its section. */
const safetySection = (html: string) =>
  /<section aria-labelledby="safety-title"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';

describe('before any details are saved', () => {
  it('the print page has its product safety section with the product’s references, and no maker', async () => {
    const html = await (await get('/prints/lough-dan-in-mist')).text();
    const section = safetySection(html);
    expect(section).toContain('>Product safety</h2>');
    expect(section).toContain(photoId);
    expect(section).not.toContain('Maker');
    expect(section).toContain('A framed print is heavier than the print alone.');
    const data = product(html);
    expect(data).toMatchObject({ sku: photoId, productID: photoId });
    expect(data.manufacturer).toBeUndefined();
  });

  it('the terms and the privacy page name no trader of their own invention', async () => {
    for (const path of ['/terms', '/privacy']) {
      const html = await (await get(path)).text();
      expect(html, path).not.toContain('data-trader');
      expect(html, path).not.toContain('VAT number');
    }
    expect((await saved()).details).toBeNull();
  });
});

describe('saving the details', () => {
  it('is the owner’s alone', async () => {
    const res = await put(DETAILS, false);
    expect([401, 403]).toContain(res.status);
    expect((await saved()).details).toBeNull();
  });

  it('refuses a malformed VAT number with a sentence, and changes nothing', async () => {
    const res = await put({ ...DETAILS, vatNumber: 'IE12345' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message:
        'That is not the form of a VAT number of Ireland: it is written like IE1234567T, IE1234567WA or IE1A23456B.',
      field: 'vatNumber',
    });
    expect((await saved()).details).toBeNull();
  });

  it('keeps the card in its standard form, and the cached pages show it at once', async () => {
    await get('/prints/lough-dan-in-mist');
    expect((await get('/prints/lough-dan-in-mist')).headers.get('x-cache')).toBe('hit');

    const res = await put(DETAILS);
    expect(res.status).toBe(200);
    const details = { ...DETAILS, addressLine2: null, postcode: 'A63 X2Y4', vatNumber: 'IE1234567WA' };
    expect(await res.json()).toEqual({ details });
    expect((await saved()).details).toEqual(details);

    const page = await get('/prints/lough-dan-in-mist');
    expect(page.headers.get('x-cache')).toBe('miss');
    const html = await page.text();
    const section = safetySection(html);
    expect(section).toContain('Maker');
    expect(section).toContain('Aoife Byrne<span class="font-normal">, trading as Lough Dan Prints</span>');
    for (const line of ['Unit 4, Kilcoole Business Park', 'Kilcoole, Co. Wicklow', 'A63 X2Y4', 'Ireland'])
      expect(section).toContain(`<span class="block">${line}</span>`);
    expect(section).toContain('prints@loughdan.ie');
    const data = product(html);
    expect(data).toMatchObject({
      sku: photoId,
      productID: photoId,
      brand: { '@type': 'Brand', name: 'Lough Dan Prints' },
      manufacturer: {
        '@type': 'Organization',
        name: 'Lough Dan Prints',
        legalName: 'Aoife Byrne',
        email: 'prints@loughdan.ie',
        vatID: 'IE1234567WA',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Unit 4, Kilcoole Business Park',
          addressLocality: 'Kilcoole',
          addressRegion: 'Co. Wicklow',
          postalCode: 'A63 X2Y4',
          addressCountry: 'IE',
        },
      },
    });

    for (const path of ['/terms', '/privacy']) {
      const text = await (await get(path)).text();
      expect(text, path).toContain(
        'Aoife Byrne<span class="font-normal">, trading as Lough Dan Prints</span>',
      );
      expect(text, path).toContain('VAT number: IE1234567WA');
      expect(text, path).toContain('Company number: 654321');
      expect(text, path).toContain('+353 1 234 5678');
    }
  });
});
