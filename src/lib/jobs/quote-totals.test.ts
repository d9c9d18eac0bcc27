// The one sum of a quote: net per line, VAT on the net total rounded once, gross; and where a quote
// stands in the owner's words.
import { describe, expect, it } from 'vitest';
import { quoteStanding, standingWords } from './quote-rules';
import { depositAmounts, quoteTotals } from './quote-totals';

describe('quoteTotals', () => {
  it('adds the lines’ net amounts and VAT at the quote’s rate', () => {
    const t = quoteTotals(
      [
        { quantity: 1, unitPriceCents: 29_900 },
        { quantity: 2, unitPriceCents: 6_000 },
        { quantity: 30, unitPriceCents: 60 },
      ],
      2300,
    );
    expect(t).toEqual({
      lineNetCents: [29_900, 12_000, 1_800],
      netCents: 43_700,
      vatRateBp: 2300,
      vatCents: 10_051,
      grossCents: 53_751,
    });
  });

  it('rounds the VAT once, to the nearest cent', () => {
    expect(quoteTotals([{ quantity: 1, unitPriceCents: 1 }], 2300).vatCents).toBe(0);
    expect(quoteTotals([{ quantity: 3, unitPriceCents: 1 }], 2300).vatCents).toBe(1);
    expect(quoteTotals([{ quantity: 1, unitPriceCents: 1_050 }], 1350).vatCents).toBe(142);
  });

  it('charges no VAT at rate 0 and sums nothing to zero', () => {
    expect(quoteTotals([{ quantity: 2, unitPriceCents: 500 }], 0)).toMatchObject({
      vatCents: 0,
      grossCents: 1000,
    });
    expect(quoteTotals([], 2300)).toMatchObject({ netCents: 0, vatCents: 0, grossCents: 0 });
  });
});

describe('where a quote stands', () => {
  const facts = { validUntil: '2026-12-17', sentDay: '2026-12-03', acceptedName: null, acceptedDay: null };
  it('expires a sent quote the day after its last day', () => {
    expect(quoteStanding('sent', '2026-12-17', '2026-12-17')).toBe('sent');
    expect(quoteStanding('sent', '2026-12-17', '2026-12-18')).toBe('expired');
    expect(quoteStanding('accepted', '2026-12-17', '2026-12-18')).toBe('accepted');
  });
  it('says it in words', () => {
    expect(standingWords({ ...facts, status: 'sent' }, '2026-12-04')).toBe('Sent 3 Dec, valid until 17 Dec');
    expect(
      standingWords(
        { ...facts, status: 'accepted', acceptedName: 'Áine Byrne', acceptedDay: '2026-12-05' },
        '2026-12-05',
      ),
    ).toBe('Accepted by Áine Byrne on 5 Dec');
    expect(standingWords({ ...facts, status: 'changes_requested' }, '2026-12-04')).toBe('Changes asked for');
    expect(standingWords({ ...facts, status: 'sent' }, '2026-12-18')).toBe('Expired');
    expect(standingWords({ ...facts, status: 'draft', sentDay: null }, '2026-12-04')).toBe('Draft');
  });
});

describe('depositAmounts', () => {
  it('asks the percentage of the accepted total and leaves the rest as the balance', () => {
    expect(depositAmounts(31_700, 30, 0)).toEqual({
      percent: 30,
      amountCents: 9_510,
      vatCents: 0,
      balanceCents: 22_190,
    });
  });

  it('rounds to the nearest cent, an exact half cent up', () => {
    expect(depositAmounts(33_333, 30, 0).amountCents).toBe(10_000); // 9,999.9 cents
    expect(depositAmounts(1_005, 50, 0).amountCents).toBe(503); // 502.5 cents
    expect(depositAmounts(1_003, 30, 0).amountCents).toBe(301); // 300.9 cents
    expect(depositAmounts(1_001, 30, 0).amountCents).toBe(300); // 300.3 cents
  });

  it('works out the VAT inside the deposit at the quote’s rate', () => {
    // €123.00 is €100.00 net and €23.00 VAT at 23%: 30% of it holds €6.90 of VAT.
    expect(depositAmounts(12_300, 30, 2300)).toMatchObject({ amountCents: 3_690, vatCents: 690 });
    expect(depositAmounts(12_300, 100, 2300)).toMatchObject({
      amountCents: 12_300,
      vatCents: 2_300,
      balanceCents: 0,
    });
    // €95.10 at 23%: 95.10 × 23 / 123 = 17.78…
    expect(depositAmounts(31_700, 30, 2300).vatCents).toBe(1_778);
  });

  it('asks nothing at 0%', () => {
    expect(depositAmounts(31_700, 0, 2300)).toEqual({
      percent: 0,
      amountCents: 0,
      vatCents: 0,
      balanceCents: 31_700,
    });
  });
});
