// The quote form's amounts as the owner types them, and its payload checked by the endpoints' schema.
import { describe, expect, it } from 'vitest';
import { amountsOf, centsOf, type FormState, payloadOf } from './quote-form';

const form = (lines: FormState['lines']): FormState => ({
  enquiryId: null,
  clientName: 'Áine Byrne',
  clientEmail: 'aine@example.ie',
  title: 'Aerial photos of a farm near Aughrim',
  location: '',
  shootDate: '',
  validUntil: '2026-12-17',
  terms: 'A deposit of 30% confirms the booking.',
  saveTermsAsDefault: false,
  depositPercent: '30',
  saveDepositAsDefault: false,
  lines,
});

describe('the quote form', () => {
  it('reads euros as typed into cents', () => {
    expect(centsOf('299')).toBe(29_900);
    expect(centsOf('€1,250.5')).toBe(125_050);
    expect(centsOf('0.60')).toBe(60);
    expect(centsOf('12.345')).toBeNaN();
    expect(centsOf('-5')).toBeNaN();
    expect(centsOf('')).toBeNaN();
  });

  it('counts a line not yet filled in as nothing in the live totals', () => {
    expect(
      amountsOf([
        { key: 1, kind: 'travel', description: 'Travel', quantity: '30', unitPrice: '0.60' },
        { key: 2, kind: 'other', description: '', quantity: 'x', unitPrice: '' },
      ]),
    ).toEqual([
      { quantity: 30, unitPriceCents: 60 },
      { quantity: 0, unitPriceCents: 0 },
    ]);
  });

  it('sends integer cents, and names the first problem in words', () => {
    const good = payloadOf(
      form([{ key: 1, kind: 'package', description: 'Half day', quantity: '1', unitPrice: '299' }]),
    );
    expect(good.ok && good.body.lines).toEqual([
      { kind: 'package', description: 'Half day', quantity: 1, unitPriceCents: 29_900 },
    ]);
    expect(
      payloadOf(form([{ key: 1, kind: 'hours', description: 'Hours', quantity: '2', unitPrice: 'ten' }])),
    ).toEqual({
      ok: false,
      message: 'Line 1: the price must be an amount in euros, such as 299 or 299.50.',
    });
    expect(payloadOf({ ...form([]), clientEmail: 'nope' })).toEqual({
      ok: false,
      message: 'Please enter a valid e-mail address.',
    });
  });

  it('sends the deposit percentage as a whole number from 0 to 100', () => {
    const body = payloadOf({ ...form([]), depositPercent: '25', saveDepositAsDefault: true });
    expect(body.ok && [body.body.depositPercent, body.body.saveDepositAsDefault]).toEqual([25, true]);
    for (const typed of ['', '101', '-1', '12.5', 'thirty']) {
      expect(payloadOf({ ...form([]), depositPercent: typed }), typed).toEqual({
        ok: false,
        message: 'The deposit must be a whole percentage from 0 to 100.',
      });
    }
  });
});
