// The One-Stop-Shop's quarters and its CSV, pure: "2026-Q3" is 1 July to 30 September, a malformed
// quarter is refused with a sentence, and the CSV carries the taxable amount and the VAT per country
// and rate with a total.
import { describe, expect, it } from 'vitest';
import { ossCsv, ossQuarterSchema, previousQuarter, quarterOf, quarterPeriod } from './oss-report';

describe('a quarter', () => {
  it('covers its three months', () => {
    expect(quarterPeriod('2026-Q1')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(quarterPeriod('2028-Q1')).toEqual({ from: '2028-01-01', to: '2028-03-31' });
    expect(quarterPeriod('2026-Q3')).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(quarterPeriod('2026-Q4')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });

  it('follows the day in Ireland, and steps back over a year', () => {
    expect(quarterOf(new Date('2026-09-30T23:30:00Z'))).toBe('2026-Q4'); // 00:30 on 1 October in Ireland
    expect(previousQuarter('2026-Q1')).toBe('2025-Q4');
    expect(previousQuarter('2026-Q3')).toBe('2026-Q2');
  });

  it('is refused with a sentence when malformed', () => {
    expect(ossQuarterSchema.safeParse('2026-q3').data).toEqual({
      quarter: '2026-Q3',
      from: '2026-07-01',
      to: '2026-09-30',
    });
    for (const bad of ['2026-Q5', '2026-3', 'Q3-2026', '', '2026-Q3; drop']) {
      const r = ossQuarterSchema.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(
        /^The quarter must be a year, a dash and Q1 to Q4, such as 2026-Q3/,
      );
    }
    expect(ossQuarterSchema.safeParse(undefined).error?.issues[0]?.message).toMatch(/^Choose a quarter\./);
  });
});

describe('the CSV', () => {
  it('has a row per country and rate, net and VAT in euros, and the total', () => {
    const csv = ossCsv({
      from: '2026-07-01',
      to: '2026-09-30',
      rows: [
        { country: 'DE', rateBp: 1900, grossCents: 5300, vatCents: 846, orders: 1 },
        { country: 'DE', rateBp: 700, grossCents: 4500, vatCents: 294, orders: 1 },
        { country: 'FR', rateBp: 550, grossCents: -4500, vatCents: -235, orders: 0 },
      ],
    });
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Member state of consumption,Country code,VAT rate,Taxable amount (EUR),VAT (EUR),Orders',
      'Germany,DE,19%,44.54,8.46,1',
      'Germany,DE,7%,42.06,2.94,1',
      'France,FR,5.5%,-42.65,-2.35,0',
      'Total,,,43.95,9.05,',
      '',
    ]);
  });
});
