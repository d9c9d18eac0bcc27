import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';
import { countriesAsText, countriesFromText } from './country-list';

describe("the checkout's countries as text", () => {
  it('come back whole and in order, names with spaces and accents included', () => {
    expect(countriesFromText(countriesAsText(COUNTRIES))).toEqual(COUNTRIES);
    expect(countriesFromText('AX Åland Islands\nIE Ireland')).toEqual([
      ['AX', 'Åland Islands'],
      ['IE', 'Ireland'],
    ]);
  });

  it('is an empty list for empty text', () => {
    expect(countriesFromText('')).toEqual([]);
  });
});
