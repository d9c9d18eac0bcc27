// Price lists' rules as the owner's screens and the server share them: edition prices rounded to
// whole euros, which list applies, and the words of the photo dialog and of a deletion.
import { describe, expect, it } from 'vitest';
import {
  applyingList,
  chargedGrid,
  deleteListQuestion,
  editionGrid,
  editionPriceCents,
  euroWords,
  gridPrice,
  gridWords,
  photoPriceWords,
} from '~/lib/shop/price-lists';

const prices = {
  small: { matte: 4500, gloss: 4550 },
  medium: { matte: 7500, gloss: 7500 },
  large: { matte: 11000, gloss: 11000 },
};

describe('an edition copy’s price', () => {
  it('is a percentage of the open print, rounded to whole euros (halves up)', () => {
    expect(editionPriceCents(4500, 300)).toBe(13500);
    expect(editionPriceCents(4550, 150)).toBe(6800); // 68.25
    expect(editionPriceCents(4500, 101)).toBe(4500); // 45.45
    expect(editionPriceCents(4550, 100)).toBe(4600); // 45.50
    expect(editionPriceCents(4550, null)).toBe(4550);
  });

  it('is charged only for a photo with an edition', () => {
    const list = { prices, editionPercent: 200 };
    expect(chargedGrid(list, null)).toBe(prices);
    expect(gridPrice(chargedGrid(list, 5), 'large', 'gloss')).toBe(22000);
  });
});

describe('the list that applies', () => {
  it('is the photo’s own, else its collection’s, else the default', () => {
    expect(applyingList('a', 'b')).toEqual({ listId: 'a', source: 'photo' });
    expect(applyingList(null, 'b')).toEqual({ listId: 'b', source: 'collection' });
    expect(applyingList(null, undefined)).toEqual({ listId: 'default', source: 'default' });
    expect(applyingList('default', 'b')).toEqual({ listId: 'default', source: 'photo' });
  });
});

describe('words', () => {
  it('say the prices of every size and finish', () => {
    expect(euroWords(4500)).toBe('€45');
    expect(euroWords(4550)).toBe('€45.50');
    expect(gridWords(prices)).toBe(
      'small matte €45, gloss €45.50; medium matte €75, gloss €75; large matte €110, gloss €110',
    );
  });

  it('say a photo’s prices and its edition copies’ in one sentence', () => {
    expect(photoPriceWords(prices, editionGrid(prices, 300))).toBe(
      'Small matte €45, gloss €45.50; medium matte €75, gloss €75; large matte €110, gloss €110; edition copies: small matte €135, gloss €137; medium matte €225, gloss €225; large matte €330, gloss €330.',
    );
  });

  it('say what deleting a list moves', () => {
    expect(deleteListQuestion({ name: 'Large formats', collections: ['mountains'], ownPhotoCount: 0 })).toBe(
      'Delete the price list “Large formats”? The Mountains collection goes back to the default price list. Prices change at once.',
    );
    expect(
      deleteListQuestion({ name: 'Premium', collections: ['mountains', 'aerial'], ownPhotoCount: 2 }),
    ).toBe(
      'Delete the price list “Premium”? The Mountains and Aerial collections go back to the default price list, and 2 photos that chose it go back to their collection’s list. Prices change at once.',
    );
    expect(deleteListQuestion({ name: 'Spare', collections: [], ownPhotoCount: 1 })).toBe(
      'Delete the price list “Spare”? 1 photo that chose it goes back to its collection’s list. Prices change at once.',
    );
    expect(deleteListQuestion({ name: 'Spare', collections: [], ownPhotoCount: 0 })).toBe(
      'Delete the price list “Spare”? Nothing uses it.',
    );
  });
});
