// The frame details: the schema the owner's form and the endpoint share (kilograms in, grams out; a
// negative weight or an unknown glazing refused with a sentence), the notes a print page takes from
// them, and their keeping in the database.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '~/lib/platform/server/db';
import { frameDetailsSchema, frameNotes, kgText } from '~/lib/shop/frame-details';
import { readFrameDetails, saveFrameDetails } from '~/lib/shop/frame-details.server';
import { findPrintPage } from '~/lib/shop/print-pages.server';
import { catalogueOffers, framingOptions } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeFraming, makePhoto, makeVariant } from '~tests/helpers/factories';

const refusal = (body: unknown) => {
  const parsed = frameDetailsSchema.safeParse(body);
  return parsed.success
    ? null
    : { message: parsed.error.issues[0]?.message, path: parsed.error.issues[0]?.path };
};

describe('the frame details schema', () => {
  it('takes kilograms as a number or the form’s text, and gives grams', () => {
    expect(
      frameDetailsSchema.parse({
        glazing: 'acrylic',
        hanging: '  D-rings and cord, fitted ',
        weights: { small: '1.2', medium: 2.45, large: '' },
      }),
    ).toEqual({
      glazing: 'acrylic',
      hanging: 'D-rings and cord, fitted',
      weightsGrams: { small: 1200, medium: 2450, large: null },
    });
    expect(frameDetailsSchema.parse({ glazing: '', hanging: '' })).toEqual({
      glazing: null,
      hanging: null,
      weightsGrams: {},
    });
  });

  it('refuses a negative weight, an unknown glazing or size, with a sentence', () => {
    expect(refusal({ weights: { large: '-2' } })).toEqual({
      message: 'The weight of a framed Large print cannot be negative.',
      path: ['weights', 'large'],
    });
    expect(refusal({ weights: { small: 'heavy' } })?.message).toBe(
      'The weight of a framed Small print must be a number of kilograms, such as 2.4, or left empty.',
    );
    expect(refusal({ weights: { small: 0 } })?.message).toMatch(/must be more than 0 kg/);
    expect(refusal({ weights: { huge: 3 } })?.message).toBe(
      'There is no print size "huge" in the catalogue.',
    );
    expect(refusal({ glazing: 'perspex' })).toEqual({
      message: 'The glazing must be glass or acrylic, or left unsaid.',
      path: ['glazing'],
    });
    expect(refusal({ hanging: 'Wire\nand hooks' })?.message).toBe(
      'Describe the hanging fittings on one line.',
    );
  });
});

describe('a print page’s frame notes', () => {
  const details = { glazing: 'glass' as const, hanging: null, weightsGrams: { small: 1200, large: 3500 } };

  it('name the weight of the sizes the page sells framed, and nothing while nothing is said', () => {
    expect(frameNotes(details, ['small', 'medium'])).toEqual({
      glazing: 'glass',
      hanging: null,
      weights: [{ size: 'small', grams: 1200 }],
    });
    expect(frameNotes({ glazing: null, hanging: null, weightsGrams: { small: null } }, ['small'])).toBeNull();
    // A page that sells no frame says nothing of frames.
    expect(frameNotes(details, [])).toBeNull();
    expect(kgText(1200)).toBe('1.2 kg');
    expect(kgText(850)).toBe('0.85 kg');
  });
});

describe('the frame details kept', () => {
  let db: Db;
  beforeEach(() => {
    db = memoryDb();
    makeFraming(db, { size: 'small', priceCents: 2500 });
    makeFraming(db, { size: 'large', priceCents: 4000 });
  });

  it('are none until saved, then read back with the weight on each size’s frame', () => {
    expect(readFrameDetails(db)).toEqual({
      glazing: null,
      hanging: null,
      weightsGrams: { small: null, large: null },
    });
    const saved = saveFrameDetails(
      db,
      frameDetailsSchema.parse({
        glazing: 'glass',
        hanging: 'D-rings and cord, fitted',
        weights: { large: '3.5' },
      }),
    );
    expect(saved).toEqual({
      glazing: 'glass',
      hanging: 'D-rings and cord, fitted',
      weightsGrams: { small: null, large: 3500 },
    });
    expect(readFrameDetails(db)).toEqual(saved);
  });

  it('refuse a weight for a size without a frame with a 400, and save nothing', () => {
    expect(() =>
      saveFrameDetails(db, frameDetailsSchema.parse({ glazing: 'glass', weights: { large: 3, medium: 2 } })),
    ).toThrow(
      expect.objectContaining({
        status: 400,
        message: 'Medium, 12 × 16 in (30 × 41 cm) has no frame yet: set a frame price for this size first.',
      }),
    );
    // A frame of a size the shop sells only in canvas, or not at all, is not the owner's to weigh.
    makeFraming(db, { size: '16x24', priceCents: 4500 });
    db.insert(catalogueOffers).values({ size: '16x24', finish: 'canvas' }).run();
    expect(readFrameDetails(db).weightsGrams).toEqual({ small: null, large: null });
    expect(() => saveFrameDetails(db, frameDetailsSchema.parse({ weights: { '16x24': 4 } }))).toThrow(
      expect.objectContaining({
        status: 400,
        message: 'The shop sells no paper print of 16 × 24 in (41 × 61 cm) to frame.',
      }),
    );
    expect(readFrameDetails(db).glazing).toBeNull();
    expect(db.select({ w: framingOptions.weightGrams }).from(framingOptions).all()).toEqual([
      { w: null },
      { w: null },
      { w: null },
    ]);
  });

  it('reach the print page’s notes', () => {
    const photo = makePhoto(db, { title: 'Lough Tay' });
    makeVariant(db, { photoId: photo.id, size: 'small', finish: 'matte' });
    const notes = () => {
      const found = findPrintPage(db, photo.slug ?? '');
      return found?.kind === 'page' ? found.page.frameNotes : 'no page';
    };
    expect(notes()).toBeNull();
    saveFrameDetails(
      db,
      frameDetailsSchema.parse({ glazing: 'acrylic', weights: { small: '1.1', large: '3' } }),
    );
    expect(notes()).toEqual({ glazing: 'acrylic', hanging: null, weights: [{ size: 'small', grams: 1100 }] });
  });
});
