// The shop's prints, as the print lab card lists them: each product the shop sells unframed, and
// framed too where its material is a paper and its size has a frame for sale.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '~/lib/platform/server/db';
import { catalogueOffers, framingOptions } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeFramings } from '~tests/helpers/factories';
import { printsOf, shopPrints } from './shop-prints.server';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const words = (prints: { size: string; finish: string; framed: boolean }[]) =>
  prints.map((p) => `${p.size} ${p.finish}${p.framed ? ' framed' : ''}`);

describe('the shop’s prints', () => {
  it('are the six original products, framed where the size has a frame', () => {
    expect(words(shopPrints(db))).toEqual([
      'small matte',
      'medium matte',
      'large matte',
      'small gloss',
      'medium gloss',
      'large gloss',
    ]);
    makeFramings(db);
    expect(shopPrints(db)).toHaveLength(12);
    expect(words(shopPrints(db)).slice(0, 2)).toEqual(['small matte', 'small matte framed']);
  });

  it('frame papers only, and only at a size whose frame is on sale', () => {
    makeFramings(db, { large: 4000, '16x24': 4500 });
    db.update(framingOptions).set({ isActive: false }).where(eq(framingOptions.size, 'large')).run();
    db.insert(catalogueOffers)
      .values([
        { size: '16x24', finish: 'canvas' },
        { size: '16x24', finish: 'fine-art' },
      ])
      .run();
    expect(words(shopPrints(db))).toEqual([
      'small matte',
      'medium matte',
      'large matte',
      'small gloss',
      'medium gloss',
      'large gloss',
      '16x24 fine-art',
      '16x24 fine-art framed',
      '16x24 canvas',
    ]);
  });

  it('leave out what the shop does not sell, whatever has a frame', () => {
    expect(words(printsOf([{ size: '12x12', finish: 'acrylic' }], ['12x12', 'small']))).toEqual([
      '12x12 acrylic',
    ]);
    expect(printsOf([], ['small'])).toEqual([]);
  });
});
