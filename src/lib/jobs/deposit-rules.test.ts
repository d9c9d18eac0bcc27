// The deposit in the owner's and the client's words.
import { describe, expect, it } from 'vitest';
import { type DepositView, depositAsked, ownerDepositWords, paidDepositWords } from './deposit-rules';

const due: DepositView = {
  percent: 30,
  amountCents: 9_510,
  vatCents: 0,
  balanceCents: 22_190,
  state: 'due',
  paidAt: null,
  paidDay: null,
  testMode: false,
};
const paid: DepositView = {
  ...due,
  state: 'paid',
  paidAt: '2026-11-29T10:00:00.000Z',
  paidDay: '2026-11-29',
};

describe('the deposit in words', () => {
  it('says what is asked of what', () => {
    expect(depositAsked(due)).toBe('€95.10 (30% of €317.00)');
  });

  it('tells the owner whether it is paid and what remains', () => {
    expect(ownerDepositWords(due)).toBe('Deposit €95.10 asked, not paid yet');
    expect(ownerDepositWords(paid)).toBe('Deposit €95.10 paid 29 Nov · €221.90 to pay');
    expect(ownerDepositWords({ ...paid, testMode: true })).toBe(
      'Deposit €95.10 paid 29 Nov (test payment, no money taken) · €221.90 to pay',
    );
    expect(ownerDepositWords({ ...due, state: 'none', amountCents: 0, balanceCents: 31_700 })).toBe(
      'No deposit asked',
    );
  });

  it('leaves what remains to the balance once it is invoiced', () => {
    expect(ownerDepositWords(paid, true)).toBe('Deposit €95.10 paid 29 Nov');
    expect(ownerDepositWords(due, true)).toBeNull();
  });

  it('tells the client what was paid and what is due on delivery', () => {
    expect(paidDepositWords(paid)).toBe(
      'Deposit of €95.10 paid on 29 November 2026. The balance of €221.90 is due on delivery.',
    );
  });
});
