// The owner's print lab card over a real database and the Prodigi fake: every print made by the
// owner until saved otherwise; a new product code is checked with the lab, and one the lab does not
// know (or a canvas without its wrap) is a 422 naming it, the lab down a 503, no lab a 409, each
// saving nothing; an unchanged code is not asked again; a print given back to the owner loses its
// row; and the schema the card shares refuses bad input with a sentence.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '~/lib/platform/server/db';
import { isHttpError } from '~/lib/platform/server/http/http';
import { labProducts, labSettings } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { readLabCard, saveLabCard } from './lab-admin.server';
import { type LabCardInput, labCardSchema, parseAttributes, printKey } from './lab-admin-schemas';
import { labProductFor, labSettingsOf, listLabProducts } from './lab-products.server';
import { ProdigiClient } from './prodigi-client.server';
import { ProdigiFake } from './prodigi-fake.server';

let db: Db;
let fake: ProdigiFake;
let lab: ProdigiClient;
beforeEach(() => {
  db = memoryDb();
  fake = new ProdigiFake();
  lab = new ProdigiClient({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch });
});

type PrintInput = LabCardInput['prints'][number];
const large: PrintInput = {
  size: 'large',
  finish: 'matte',
  framed: false,
  madeBy: 'lab',
  sku: 'GLOBAL-FAP-16X20',
};
const canvas: PrintInput = {
  size: 'medium',
  finish: 'gloss',
  framed: false,
  madeBy: 'lab',
  sku: 'GLOBAL-CAN-12X16',
  sizing: 'fitPrintArea',
  attributes: 'wrap=ImageWrap',
};
const card = (prints: PrintInput[], more: Partial<LabCardInput> = {}) =>
  labCardSchema.parse({ prints, holdForApproval: false, shippingMethod: 'Standard', ...more });
const productCalls = () => fake.requests.filter((r) => r.path.startsWith('/v4.0/products/')).length;

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    if (isHttpError(err)) return { status: err.status, message: err.message, field: err.extra?.field };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('the print lab card', () => {
  it('shows the twelve prints made by the owner, and the default settings, until saved', () => {
    const shown = readLabCard(db, 'test');
    expect(shown.mode).toBe('test');
    expect(shown.prints).toHaveLength(12);
    expect(new Set(shown.prints.map(printKey)).size).toBe(12);
    expect(shown.prints.every((p) => p.madeBy === 'me' && p.sku === '')).toBe(true);
    expect(shown).toMatchObject({ holdForApproval: false, shippingMethod: 'Standard' });
  });

  it('checks a new product code with the lab and saves it, with its sizing, attributes and settings', async () => {
    const saved = await saveLabCard(
      db,
      lab,
      'test',
      card([large, canvas], { holdForApproval: true, shippingMethod: 'Express' }),
    );
    expect(productCalls()).toBe(2);
    expect(labProductFor(db, { size: 'large', finish: 'matte', framed: false })).toEqual({
      size: 'large',
      finish: 'matte',
      framed: false,
      sku: 'GLOBAL-FAP-16X20',
      attributes: {},
      sizing: 'fillPrintArea',
      // The lab's own words for the product, kept to name it to buyers.
      description: 'Hahnemühle Photo Rag fine art print, 16x20"',
    });
    expect(labProductFor(db, { size: 'medium', finish: 'gloss', framed: false })).toMatchObject({
      sku: 'GLOBAL-CAN-12X16',
      description: 'Standard canvas on quality stretcher bar, 12x16"',
      attributes: { wrap: 'ImageWrap' },
      sizing: 'fitPrintArea',
    });
    expect(labProductFor(db, { size: 'large', finish: 'matte', framed: true })).toBeNull();
    expect(labSettingsOf(db)).toEqual({
      holdForApproval: true,
      shippingMethod: 'Express',
      offeredMethods: ['Express'],
    });
    const shownCanvas = saved.prints.find((p) => printKey(p) === 'medium-gloss-unframed');
    expect(shownCanvas).toMatchObject({
      madeBy: 'lab',
      attributes: 'wrap=ImageWrap',
      sizing: 'fitPrintArea',
    });
    expect(saved).toEqual(readLabCard(db, 'test'));
  });

  it('does not ask the lab again about a code that has not changed, and saves with the lab down', async () => {
    await saveLabCard(db, lab, 'test', card([large]));
    fake.down = true;
    const calls = productCalls();
    await saveLabCard(
      db,
      lab,
      'test',
      card([{ ...large, sizing: 'fitPrintArea' }], { shippingMethod: 'Budget' }),
    );
    expect(productCalls()).toBe(calls);
    expect(labProductFor(db, large as never)?.sizing).toBe('fitPrintArea');
    expect(labSettingsOf(db).shippingMethod).toBe('Budget');
    // Without a lab at all too: nothing new needs checking.
    await saveLabCard(db, null, 'off', card([large], { holdForApproval: true }));
    expect(labSettingsOf(db).holdForApproval).toBe(true);
  });

  it('asks once about a code shared by several prints', async () => {
    await saveLabCard(
      db,
      lab,
      'test',
      card([large, { ...large, finish: 'gloss' }, { ...large, framed: true }]),
    );
    expect(productCalls()).toBe(1);
    expect(listLabProducts(db)).toHaveLength(3);
  });

  it('refuses a code the lab does not know with a 422 naming it and the lab’s reason, and saves nothing', async () => {
    await saveLabCard(db, lab, 'test', card([large]));
    const before = listLabProducts(db);
    const res = await refusal(
      saveLabCard(
        db,
        lab,
        'test',
        card([large, { ...canvas, sku: 'GLOBAL-NOPE-1' }], { holdForApproval: true }),
      ),
    );
    expect(res).toEqual({
      status: 422,
      message:
        'The lab does not know the product code GLOBAL-NOPE-1: The requested entity could not be found. Nothing was saved.',
      field: 'prints.1.sku',
    });
    expect(listLabProducts(db)).toEqual(before);
    expect(labSettingsOf(db).holdForApproval).toBe(false);
  });

  it('refuses a lab product of another size than the print is sold as, and saves nothing', async () => {
    const res = await refusal(saveLabCard(db, lab, 'test', card([{ ...large, sku: 'GLOBAL-FAP-16X24' }])));
    expect(res).toEqual({
      status: 422,
      message:
        'The lab’s GLOBAL-FAP-16X24 is 16x24 inches, but this print is sold as 16x20 inches: choose the lab’s product of that size. Nothing was saved.',
      field: 'prints.0.sku',
    });
    expect(listLabProducts(db)).toEqual([]);
  });

  it('refuses a canvas without its wrap, or an attribute the product does not have', async () => {
    const noWrap = await refusal(saveLabCard(db, lab, 'test', card([{ ...canvas, attributes: '' }])));
    expect(noWrap).toEqual({
      status: 422,
      message:
        'The lab’s GLOBAL-CAN-12X16 needs wrap set to one of Black, ImageWrap, MirrorWrap, White (such as wrap=Black). Nothing was saved.',
      field: 'prints.0.attributes',
    });
    const badWrap = await refusal(
      saveLabCard(db, lab, 'test', card([{ ...canvas, attributes: 'wrap=Gold' }])),
    );
    expect(badWrap.status).toBe(422);
    const extra = await refusal(
      saveLabCard(db, lab, 'test', card([{ ...large, attributes: 'colour=black' }])),
    );
    expect(extra).toMatchObject({
      status: 422,
      message:
        'The lab’s GLOBAL-FAP-16X20 has no attribute colour: it takes no attributes. Nothing was saved.',
    });
    expect(listLabProducts(db)).toEqual([]);
    expect(db.select().from(labSettings).all()).toEqual([]);
  });

  it('answers 503 while the lab cannot be reached, and 409 with no lab, saving nothing', async () => {
    fake.down = true;
    expect(await refusal(saveLabCard(db, lab, 'sandbox', card([large])))).toEqual({
      status: 503,
      message:
        'The lab could not be reached to check the product codes; nothing was saved. Try again in a minute.',
      field: undefined,
    });
    const off = await refusal(saveLabCard(db, null, 'off', card([large])));
    expect(off.status).toBe(409);
    expect(off.message).toMatch(/no Prodigi key is saved/);
    expect(listLabProducts(db)).toEqual([]);
    expect(db.select().from(labSettings).all()).toEqual([]);
  });

  it('answers 503 when the lab refuses the site’s key', async () => {
    const wrongKey = new ProdigiClient({ apiKey: 'wrong', baseUrl: fake.baseUrl, fetch: fake.fetch });
    const res = await refusal(saveLabCard(db, wrongKey, 'live', card([large])));
    expect(res.status).toBe(503);
    expect(res.message).toMatch(/refused this site’s key/);
  });

  it('gives a print back to the owner by removing its row, and keeps the others', async () => {
    await saveLabCard(db, lab, 'test', card([large, canvas]));
    await saveLabCard(db, lab, 'test', card([{ ...large, madeBy: 'me' }, canvas]));
    expect(listLabProducts(db).map(printKey)).toEqual(['medium-gloss-unframed']);
    await saveLabCard(db, lab, 'test', card([]));
    expect(db.select().from(labProducts).all()).toEqual([]);
  });

  it('checks a changed code or attributes again', async () => {
    await saveLabCard(db, lab, 'test', card([canvas]));
    const calls = productCalls();
    await saveLabCard(db, lab, 'test', card([{ ...canvas, attributes: 'wrap=MirrorWrap' }]));
    expect(productCalls()).toBe(calls + 1);
    await saveLabCard(db, lab, 'test', card([{ ...canvas, sku: 'GLOBAL-FAP-12X16', attributes: '' }]));
    expect(productCalls()).toBe(calls + 2);
    expect(listLabProducts(db)[0]).toMatchObject({ sku: 'GLOBAL-FAP-12X16', attributes: {} });
  });
});

describe('the card’s schema', () => {
  const base = { holdForApproval: false, shippingMethod: 'Standard' };
  const problem = (body: unknown) => {
    const parsed = labCardSchema.safeParse(body);
    if (parsed.success) throw new Error('expected a refusal');
    const first = parsed.error.issues[0];
    return { path: first?.path.join('.'), message: first?.message };
  };

  it('refuses a lab print without a code, a code with spaces, bad attributes and a print given twice', () => {
    expect(problem({ ...base, prints: [{ ...large, sku: '  ' }] })).toEqual({
      path: 'prints.0.sku',
      message: 'Give the lab’s product code for Large (16x20 inches), matte, unframed.',
    });
    expect(problem({ ...base, prints: [{ ...large, sku: 'GLOBAL FAP' }] }).path).toBe('prints.0.sku');
    expect(problem({ ...base, prints: [{ ...large, attributes: 'wrap' }] })).toEqual({
      path: 'prints.0.attributes',
      message: 'Write each attribute as name=value, such as wrap=ImageWrap (“wrap” is not).',
    });
    expect(problem({ ...base, prints: [large, { ...large, sku: 'GLOBAL-FAP-12X16' }] })).toEqual({
      path: 'prints.1',
      message: 'Large (16x20 inches), matte, unframed is given twice.',
    });
    expect(problem({ ...base, shippingMethod: 'Teleport', prints: [] }).path).toBe('shippingMethod');
    expect(problem({ ...base, prints: [{ ...large, size: 'huge' }] }).path).toBe('prints.0.size');
    expect(problem({ prints: [] }).path).toBe('holdForApproval');
  });

  it('offers buyers the speeds ticked, always with the one offered first', () => {
    const offered = (more: object) => labCardSchema.parse({ ...base, prints: [], ...more }).offeredMethods;
    expect(offered({})).toEqual(['Standard']);
    expect(offered({ offeredMethods: ['Express', 'Budget', 'Standard'] })).toEqual([
      'Budget',
      'Standard',
      'Express',
    ]);
    expect(problem({ ...base, prints: [], offeredMethods: ['Express'] })).toEqual({
      path: 'offeredMethods',
      message: 'Standard delivery is the speed buyers are offered first, so it must be offered too.',
    });
    expect(problem({ ...base, prints: [], offeredMethods: ['Teleport'] }).path).toBe('offeredMethods.0');
    expect(problem({ ...base, prints: [], offeredMethods: 'Express' }).path).toBe('offeredMethods');
  });

  it('keeps no code for a print the owner makes, and reads attributes written by hand', () => {
    const parsed = labCardSchema.parse({ ...base, prints: [{ ...large, madeBy: 'me', sku: 'what ever' }] });
    expect(parsed.labPrints).toEqual([]);
    expect(parseAttributes(' wrap = ImageWrap ,\ncolor=black ')).toEqual({
      ok: true,
      value: { wrap: 'ImageWrap', color: 'black' },
    });
    expect(parseAttributes('wrap=a, wrap=b')).toEqual({
      ok: false,
      message: 'The attribute wrap is given twice.',
    });
    expect(parseAttributes('')).toEqual({ ok: true, value: {} });
  });
});
