// The FAQ as stored: the defaults until the owner saves a list, the saved list in its order after,
// the defaults again (logged) when a stored list no longer passes its rules; its placeholders are
// filled from the prices and framing of the moment.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { upsertContent } from '~/lib/content/content.server';
import { FAQ_DEFAULTS } from '~/lib/content/faq';
import {
  currentFaqFacts,
  fillFaq,
  fromPrices,
  listFaqEntries,
  pricingGuideOf,
  saveFaqEntries,
} from '~/lib/content/faq.server';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { writeDefaultPrice } from '~/lib/shop/default-price-list.server';
import { catalogueOffers } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeFraming, makePhoto, makeVariant } from '~tests/helpers/factories';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

describe('the stored FAQ', () => {
  it('is the default list until the owner saves one, then the saved list in its order', () => {
    expect(listFaqEntries(db)).toEqual(FAQ_DEFAULTS);
    const list = [
      { question: 'Do you ship to Northern Ireland?', answer: 'Yes, as within Ireland.' },
      { question: 'Sizes?', answer: '{print_sizes}.' },
    ];
    saveFaqEntries(db, list);
    expect(listFaqEntries(db)).toEqual(list);
    saveFaqEntries(db, []);
    expect(listFaqEntries(db)).toEqual([]);
  });

  it('falls back to the defaults, with a log line, when the stored list does not pass its rules', () => {
    const log = vi.spyOn(getLog(), 'error').mockImplementation(() => {});
    upsertContent(db, 'faq', 'entries', '[{"question":"Old?","answer":"Uses {gone_fact}."}]');
    expect(listFaqEntries(db)).toEqual(FAQ_DEFAULTS);
    upsertContent(db, 'faq', 'entries', 'not json');
    expect(listFaqEntries(db)).toEqual(FAQ_DEFAULTS);
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });
});

describe('the facts the placeholders are filled from', () => {
  it('follow the gloss and matte prices on sale, the framing offered and the drone price', () => {
    // A new shop sells the original three sizes in matte and gloss, whatever its photos.
    expect(currentFaqFacts(db)).toEqual({
      sizes: ['small', 'medium', 'large'],
      materials: ['matte', 'gloss'],
      glossSentence: '',
      framingFromCents: null,
      dronePrice: '€299',
      shipping: expect.stringContaining('Ireland: €8.00 for the first print'),
    });
    const photo = makePhoto(db, { width: 6000, height: 4000 });
    makeVariant(db, { photoId: photo.id, size: 'small', finish: 'matte', priceCents: 4500 });
    makeVariant(db, { photoId: photo.id, size: 'small', finish: 'gloss', priceCents: 5000 });
    makeFraming(db, { size: 'medium', priceCents: 3500 });
    makeFraming(db, { size: 'small', priceCents: 2900 });
    upsertContent(db, 'drone', 'price', '€349');
    expect(currentFaqFacts(db)).toEqual({
      sizes: ['small', 'medium', 'large'],
      materials: ['matte', 'gloss'],
      glossSentence: 'Gloss costs €5.00 more than matte at every size.',
      framingFromCents: 2900,
      dronePrice: '€349',
      shipping: expect.stringContaining('Ireland: €8.00 for the first print'),
    });
  });

  it('name the sizes and materials the shop sells, a product it turns on included', () => {
    db.insert(catalogueOffers).values({ size: '16x24', finish: 'canvas' }).run();
    writeDefaultPrice(db, '16x24', 'canvas', 15_000);
    expect(currentFaqFacts(db)).toMatchObject({
      sizes: ['small', 'medium', 'large', '16x24'],
      materials: ['matte', 'gloss', 'canvas'],
    });
    // Offered without a price, a product is not sold yet.
    db.insert(catalogueOffers).values({ size: '20x30', finish: 'aluminium' }).run();
    expect(currentFaqFacts(db).materials).toEqual(['matte', 'gloss', 'canvas']);
  });

  it('give the pricing guide the lowest prices on sale: matte’s ends, then each other material', () => {
    expect(pricingGuideOf(fromPrices(db))).toEqual({ sizes: [], materials: [] });
    db.insert(catalogueOffers)
      .values([
        { size: '12x18', finish: 'canvas' },
        { size: '16x24', finish: 'canvas' },
      ])
      .run();
    const photo = makePhoto(db, { width: 6000, height: 4000 });
    makeVariant(db, { photoId: photo.id, size: 'small', finish: 'matte', priceCents: 4500 });
    makeVariant(db, { photoId: photo.id, size: 'medium', finish: 'matte', priceCents: 7500 });
    makeVariant(db, { photoId: photo.id, size: 'large', finish: 'matte', priceCents: 12000 });
    makeVariant(db, { photoId: photo.id, size: 'small', finish: 'gloss', priceCents: 5000 });
    makeVariant(db, { photoId: photo.id, size: '16x24', finish: 'canvas', priceCents: 16000 });
    makeVariant(db, { photoId: photo.id, size: '12x18', finish: 'canvas', priceCents: 11000 });
    // A product the shop does not sell is not in the guide, whatever its variants.
    makeVariant(db, { photoId: photo.id, size: '20x30', finish: 'aluminium', priceCents: 100 });
    expect(pricingGuideOf(fromPrices(db))).toEqual({
      sizes: [
        { size: 'small', finish: 'matte', cents: 4500 },
        { size: 'large', finish: 'matte', cents: 12000 },
      ],
      materials: [{ size: '12x18', finish: 'canvas', cents: 11000 }],
    });
  });

  it('fill the default answers, leaving no gap where a fact is empty', () => {
    const filled = fillFaq(FAQ_DEFAULTS, currentFaqFacts(db));
    expect(filled[0]?.answer).toBe(
      'Prints come in small 8 × 12 in (20 × 30 cm), medium 12 × 16 in (30 × 41 cm) and large 16 × 20 in (41 × 51 cm). Matte is photographic paper with a matte surface: no glare, soft blacks. Gloss is photographic paper with a gloss surface: deep blacks and vivid colour. For another size, send a message through the form with “Custom Print Order” selected.',
    );
    expect(filled[1]?.answer).toBe(
      'Matte has a soft, glare-free surface that suits misty, muted scenes; gloss gives deeper blacks and more punch to colour.',
    );
    expect(filled[2]?.answer).toBe(
      'Prints are sold unframed; ask through the form if you would like one framed. You will see the exact price before you pay.',
    );
    expect(filled[4]?.answer).toContain('I reply within 24 hours. A half-day shoot starts from €299, edited');
    expect(filled[3]?.answer).toContain(
      'internationally. Shipping is charged by destination, once per order. Ireland: €8.00 for the first print',
    );
    expect(filled.map((e) => `${e.question} ${e.answer}`).join(' ')).not.toMatch(/[{}]| {2}/);
  });
});
