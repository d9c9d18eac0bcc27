// The hand-written number forms write what Intl's en-IE formatters write.
import { describe, expect, it } from 'vitest';
import { countOf, formatEuro, groupDigits, numberText } from './format';

const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
const CENTS = [0, 1, 9, 10, 99, 100, 101, 4500, 99_999, 100_000, 123_456, 1_234_567_89, 10 ** 12 + 7];

describe('formatEuro', () => {
  it('writes euro cents as Intl does, positive and negative', () => {
    for (const cents of [...CENTS, ...CENTS.slice(1).map((c) => -c)]) {
      expect(formatEuro(cents)).toBe(euro.format(cents / 100));
    }
    expect(formatEuro(-500)).toBe('-€5.00');
    expect(formatEuro(123_456_789)).toBe('€1,234,567.89');
  });

  it('rounds a part of a cent to the nearest cent, half away from zero', () => {
    expect(formatEuro(4500.5)).toBe('€45.01');
    expect(formatEuro(-4500.5)).toBe('-€45.01');
    expect(formatEuro(-0.4)).toBe('€0.00');
  });
});

describe('groupDigits and numberText', () => {
  it('group whole numbers in threes as toLocaleString does', () => {
    for (const n of [0, 7, 999, 1000, 4000, 12_345, 1_000_000, -1234, 2 ** 40]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('en-IE'));
      expect(numberText(n)).toBe(n.toLocaleString('en-IE'));
    }
  });

  it('write centimetres as metres and grams as kilograms as toLocaleString does', () => {
    for (let cm = 0; cm <= 1000; cm += 7)
      expect(numberText(cm / 100)).toBe((cm / 100).toLocaleString('en-IE'));
    for (let g = 0; g <= 30_000; g += 37) {
      expect(numberText(g / 1000)).toBe((g / 1000).toLocaleString('en-IE', { maximumFractionDigits: 3 }));
    }
    expect(numberText(1250.125)).toBe('1,250.125');
    expect(numberText(-2.5)).toBe('-2.5');
  });

  it('counts with a grouped number', () => {
    expect(countOf(1, 'file')).toBe('1 file');
    expect(countOf(1200, 'file')).toBe('1,200 files');
  });
});
