// The owner's print lab card over a real database and the Prodigi fake: every print of the shop made
// by the owner until saved otherwise; a new product code is checked with the lab, and one the lab
// does not know (or a canvas without its wrap) is a 422 naming it, the lab down a 503, no lab or a
// print the shop does not sell a 409, each saving nothing; an unchanged code is not asked again; a
// print given back to the owner loses its row, and one the shop no longer sells keeps it, unshown;
// and the schema the card shares refuses bad input with a sentence.

import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '~/lib/platform/server/db';
import { isHttpError } from '~/lib/platform/server/http/http';
import { labProducts, labSettings } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { readLabCard, saveLabCard } from './lab-admin.server';
import {
  type LabCardInput,
  labCardSchema,
  type PrintKind,
  parseAttributes,
  printKey,
  printWords,
} from './lab-admin-schemas';
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
/** The shop's prints of a new shop with a frame for each size: the original sizes in matte and gloss. */
const PRINTS: PrintKind[] = (['small', 'medium', 'large'] as const).flatMap((size) =>
  (['matte', 'gloss'] as const).flatMap((finish) =>
    [false, true].map((framed) => ({ size, finish, framed })),
  ),
);
const read = (prints: readonly PrintKind[] = PRINTS) => readLabCard(db, 'test', prints);
const save = (
  client: ProdigiClient | null,
  mode: 'test' | 'off' | 'sandbox' | 'live',
  saved: ReturnType<typeof card>,
  prints: readonly PrintKind[] = PRINTS,
) => saveLabCard(db, client, mode, saved, prints);

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
  it('shows the shop’s prints made by the owner, and the default settings, until saved', () => {
    const shown = read();
    expect(shown.mode).toBe('test');
    expect(shown.prints).toHaveLength(12);
    expect(new Set(shown.prints.map(printKey)).size).toBe(12);
    expect(shown.prints.every((p) => p.madeBy === 'me' && p.sku === '')).toBe(true);
    expect(shown).toMatchObject({ holdForApproval: false, shippingMethod: 'Standard' });
  });

  it('checks a new product code with the lab and saves it, with its sizing, attributes and settings', async () => {
    const saved = await save(
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
    // The print area each fills, wrap included, for the shop's pixel rule.
    const areaOf = (size: 'large' | 'medium', finish: 'matte' | 'gloss') =>
      db
        .select({ w: labProducts.printAreaWidthPx, h: labProducts.printAreaHeightPx })
        .from(labProducts)
        .where(and(eq(labProducts.size, size), eq(labProducts.finish, finish)))
        .get();
    expect(areaOf('large', 'matte')).toEqual({ w: 4800, h: 6000 });
    expect(areaOf('medium', 'gloss')).toEqual({ w: 2372, h: 2972 });
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
    expect(saved).toEqual(read());
  });

  it('does not ask the lab again about a code that has not changed, and saves with the lab down', async () => {
    await save(lab, 'test', card([large]));
    fake.down = true;
    const calls = productCalls();
    await save(lab, 'test', card([{ ...large, sizing: 'fitPrintArea' }], { shippingMethod: 'Budget' }));
    expect(productCalls()).toBe(calls);
    expect(labProductFor(db, large as never)?.sizing).toBe('fitPrintArea');
    expect(labSettingsOf(db).shippingMethod).toBe('Budget');
    // Without a lab at all too: nothing new needs checking.
    await save(null, 'off', card([large], { holdForApproval: true }));
    expect(labSettingsOf(db).holdForApproval).toBe(true);
  });

  it('asks once about a code shared by several prints', async () => {
    await save(lab, 'test', card([large, { ...large, finish: 'gloss' }, { ...large, framed: true }]));
    expect(productCalls()).toBe(1);
    expect(listLabProducts(db)).toHaveLength(3);
  });

  it('refuses a code the lab does not know with a 422 naming it and the lab’s reason, and saves nothing', async () => {
    await save(lab, 'test', card([large]));
    const before = listLabProducts(db);
    const res = await refusal(
      save(lab, 'test', card([large, { ...canvas, sku: 'GLOBAL-NOPE-1' }], { holdForApproval: true })),
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
    const res = await refusal(save(lab, 'test', card([{ ...large, sku: 'GLOBAL-FAP-16X24' }])));
    expect(res).toEqual({
      status: 422,
      message:
        'The lab’s GLOBAL-FAP-16X24 is 16x24 inches, but this print is sold as 16x20 inches: choose the lab’s product of that size. Nothing was saved.',
      field: 'prints.0.sku',
    });
    expect(listLabProducts(db)).toEqual([]);
  });

  it('refuses a canvas without its wrap, or an attribute the product does not have', async () => {
    const noWrap = await refusal(save(lab, 'test', card([{ ...canvas, attributes: '' }])));
    expect(noWrap).toEqual({
      status: 422,
      message:
        'The lab’s GLOBAL-CAN-12X16 needs wrap set to one of Black, ImageWrap, MirrorWrap, White (such as wrap=Black). Nothing was saved.',
      field: 'prints.0.attributes',
    });
    const badWrap = await refusal(save(lab, 'test', card([{ ...canvas, attributes: 'wrap=Gold' }])));
    expect(badWrap.status).toBe(422);
    const extra = await refusal(save(lab, 'test', card([{ ...large, attributes: 'colour=black' }])));
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
    expect(await refusal(save(lab, 'sandbox', card([large])))).toEqual({
      status: 503,
      message:
        'The lab could not be reached to check the product codes; nothing was saved. Try again in a minute.',
      field: undefined,
    });
    const off = await refusal(save(null, 'off', card([large])));
    expect(off.status).toBe(409);
    expect(off.message).toMatch(/no Prodigi key is saved/);
    expect(listLabProducts(db)).toEqual([]);
    expect(db.select().from(labSettings).all()).toEqual([]);
  });

  it('answers 503 when the lab refuses the site’s key', async () => {
    const wrongKey = new ProdigiClient({ apiKey: 'wrong', baseUrl: fake.baseUrl, fetch: fake.fetch });
    const res = await refusal(save(wrongKey, 'live', card([large])));
    expect(res.status).toBe(503);
    expect(res.message).toMatch(/refused this site’s key/);
  });

  it('gives a print back to the owner by removing its row, and keeps the others', async () => {
    await save(lab, 'test', card([large, canvas]));
    await save(lab, 'test', card([{ ...large, madeBy: 'me' }, canvas]));
    expect(listLabProducts(db).map(printKey)).toEqual(['medium-gloss-unframed']);
    await save(lab, 'test', card([]));
    expect(db.select().from(labProducts).all()).toEqual([]);
  });

  it('shows the prints the shop sells now, a catalogue size checked against its own inches', async () => {
    const fineArt: PrintKind = { size: '16x24', finish: 'fine-art', framed: false };
    const canvas24: PrintKind = { size: '16x24', finish: 'canvas', framed: false };
    const prints = [...PRINTS, fineArt, canvas24];
    expect(read(prints).prints.map(printKey).slice(-2)).toEqual([
      '16x24-fine-art-unframed',
      '16x24-canvas-unframed',
    ]);
    const bought = { ...fineArt, madeBy: 'lab', sku: 'GLOBAL-FAP-16X24' } as const;
    const wrong = await refusal(save(lab, 'test', card([{ ...bought, sku: 'GLOBAL-FAP-16X20' }]), prints));
    expect(wrong).toMatchObject({
      status: 422,
      message:
        'The lab’s GLOBAL-FAP-16X20 is 16x20 inches, but this print is sold as 16x24 inches: choose the lab’s product of that size. Nothing was saved.',
    });
    const saved = await save(lab, 'test', card([bought]), prints);
    expect(saved.prints.find((p) => printKey(p) === '16x24-fine-art-unframed')).toMatchObject({
      madeBy: 'lab',
      sku: 'GLOBAL-FAP-16X24',
    });
    expect(printWords(canvas24)).toBe('16x24 inches, canvas, unframed');
  });

  it('refuses a lab print the shop does not sell with a 409, and saves nothing', async () => {
    const framedCanvas = { ...canvas, size: '16x24', finish: 'canvas', framed: true } as const;
    const res = await refusal(save(lab, 'test', card([large, framedCanvas])));
    expect(res).toEqual({
      status: 409,
      message:
        '16x24 inches, canvas, framed is not one of the shop’s prints now, so the lab cannot make it: reload the page to see them. Nothing was saved.',
      field: 'prints.1.sku',
    });
    expect(productCalls()).toBe(0);
    expect(listLabProducts(db)).toEqual([]);
  });

  it('keeps, unshown, the lab product of a print the shop no longer sells', async () => {
    await save(lab, 'test', card([large, canvas]));
    const withoutLarge = PRINTS.filter((p) => printKey(p) !== 'large-matte-unframed');
    const shown = await save(lab, 'test', card([canvas]), withoutLarge);
    expect(shown.prints.map(printKey)).not.toContain('large-matte-unframed');
    expect(listLabProducts(db).map(printKey).sort()).toEqual([
      'large-matte-unframed',
      'medium-gloss-unframed',
    ]);
    // Sold again, it is the lab's as before.
    expect(read().prints.find((p) => printKey(p) === 'large-matte-unframed')).toMatchObject({
      madeBy: 'lab',
      sku: 'GLOBAL-FAP-16X20',
    });
  });

  it('checks a changed code or attributes again', async () => {
    await save(lab, 'test', card([canvas]));
    const calls = productCalls();
    await save(lab, 'test', card([{ ...canvas, attributes: 'wrap=MirrorWrap' }]));
    expect(productCalls()).toBe(calls + 1);
    await save(lab, 'test', card([{ ...canvas, sku: 'GLOBAL-FAP-12X16', attributes: '' }]));
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
