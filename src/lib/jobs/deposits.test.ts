// The deposit of an accepted quote as services over a real database, against the PayPal fake: the
// order asked of PayPal carries the server's amount; a COMPLETED capture of exactly that amount in
// euro marks it paid once, with the client's receipt and the owner's notice; a second capture, a
// declined card, another amount, a quote not accepted, no deposit asked, another quote's payment and
// two payments at once are each refused or answered without a second payment recorded.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  captureDeposit,
  createDepositOrder,
  NO_DEPOSIT,
  NOT_ACCEPTED,
  UNKNOWN_PAYMENT,
} from '~/lib/jobs/deposits.server';
import { quoteDefaults } from '~/lib/jobs/quote-settings.server';
import { getQuote, listQuotes, updateQuote, withdrawQuote } from '~/lib/jobs/quotes.server';
import { quoteInputSchema } from '~/lib/jobs/schemas';
import type { PaypalClient } from '~/lib/payments/paypal-client.server';
import type { PaypalFake } from '~/lib/payments/paypal-fake.server';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { jobPayments } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { queuedMails } from '~tests/helpers/outbox';
import { paypalFake } from '~tests/helpers/paypal';
import {
  DAY3,
  DAY5,
  DAY6,
  FARM_QUOTE,
  makeAcceptedQuote,
  makeQuote,
  makeSentQuote,
  ONE_LINE,
  refusalOf,
} from '~tests/helpers/quote-factories';

const acceptedQuote = (overrides = {}, vatRateBp = 0) => makeAcceptedQuote(db, overrides, vatRateBp);
const refusal = refusalOf;
tempDataDir('deposits');

let db: Db;
let fake: PaypalFake;
let client: PaypalClient;
beforeEach(() => {
  db = memoryDb();
  ({ fake, client } = paypalFake());
});

const payments = () => db.select().from(jobPayments).all();
const captures = () => fake.calls.filter((c) => c.path.endsWith('/capture')).length;
const backend = () => ({ client, testMode: false });

describe('starting the deposit payment', () => {
  it('asks PayPal for the server’s deposit and stores the payment as pending', async () => {
    const { id, token } = acceptedQuote();
    const { id: paypalId, amountCents } = await createDepositOrder(db, backend(), token, DAY5);
    expect(amountCents).toBe(9_510);
    const asked = fake.orders.get(paypalId)?.purchaseUnits[0]?.amount;
    expect(asked).toMatchObject({ currency_code: 'EUR', value: '95.10' });
    expect(payments()).toEqual([
      expect.objectContaining({
        quoteId: id,
        kind: 'deposit',
        provider: 'paypal',
        amountCents: 9_510,
        vatCents: 0,
        status: 'pending',
        providerOrderId: paypalId,
        testMode: false,
      }),
    ]);
    expect(getQuote(db, id, DAY5).deposit).toMatchObject({
      state: 'due',
      amountCents: 9_510,
      balanceCents: 22_190,
    });
  });

  it('stores the VAT inside the deposit at the quote’s rate, and marks a test-mode payment', async () => {
    const { token } = acceptedQuote();
    // The quote's rate is fixed when it is saved: set one on the stored quote for this case.
    db.$client.prepare('update quotes set vat_rate_bp = 2300').run();
    await createDepositOrder(db, { client, testMode: true }, token, DAY5);
    expect(payments()[0]).toMatchObject({ amountCents: 9_510, vatCents: 1_778, testMode: true });
  });

  it('refuses a quote not accepted, no deposit asked, a bad link and a withdrawn quote, changing nothing', async () => {
    const sent = makeSentQuote(db, ONE_LINE, DAY3);
    expect(await refusal(() => createDepositOrder(db, backend(), sent.token, DAY5))).toEqual({
      status: 409,
      message: NOT_ACCEPTED,
    });
    expect(await refusal(() => createDepositOrder(db, backend(), 'x'.repeat(43), DAY5))).toEqual({
      status: 404,
      message: 'This quote link is not valid.',
    });
    withdrawQuote(db, sent.quote.id, DAY5);
    expect((await refusal(() => createDepositOrder(db, backend(), sent.token, DAY5))).status).toBe(410);
    const none = acceptedQuote({ clientEmail: 'none@example.ie', depositPercent: 0 });
    expect(await refusal(() => createDepositOrder(db, backend(), none.token, DAY5))).toEqual({
      status: 409,
      message: NO_DEPOSIT,
    });
    expect(payments()).toEqual([]);
    expect(fake.orders.size).toBe(0);
  });

  it('refuses an expired quote with the sentence of its link', async () => {
    const { token } = makeSentQuote(db, ONE_LINE, DAY3);
    const after = new Date('2026-12-20T10:00:00Z');
    expect(await refusal(() => createDepositOrder(db, backend(), token, after))).toEqual({
      status: 410,
      message: `This quote expired on 17 Dec 2026; ask the photographer for a new one.`,
    });
  });
});

describe('capturing the deposit', () => {
  it('marks it paid for a COMPLETED capture of the amount, and mails the receipt and the owner', async () => {
    const { id, token } = acceptedQuote();
    const { id: paypalId } = await createDepositOrder(db, backend(), token, DAY5);
    const before = queuedMails(db).length;
    const outcome = await captureDeposit(db, client, token, paypalId, DAY6);
    expect(outcome).toMatchObject({
      newlyPaid: true,
      deposit: { state: 'paid', amountCents: 9_510, balanceCents: 22_190, paidDay: '2026-12-06' },
    });
    expect(payments()[0]).toMatchObject({ status: 'paid', captureId: expect.stringMatching(/^[A-Z0-9]+$/) });
    const mails = queuedMails(db).slice(before);
    expect(mails.map((m) => m.to)).toEqual([FARM_QUOTE.clientEmail, 'owner@example.com']);
    expect(mails[0]?.subject).toBe(`Deposit received: ${FARM_QUOTE.title}`);
    expect(mails[0]?.text).toContain('Deposit paid: €95.10 (30% of €317.00)');
    expect(mails[0]?.text).toContain('Balance to pay on delivery: €221.90');
    expect(mails[1]?.subject).toBe(`Deposit paid by Áine Byrne: ${FARM_QUOTE.title}`);
    expect(listQuotes(db, 'all', DAY6)[0]?.depositWords).toBe('Deposit €95.10 paid 6 Dec · €221.90 to pay');
    expect(getQuote(db, id, DAY6).deposit.state).toBe('paid');
  });

  it('answers a second capture with the paid deposit, changing nothing and asking PayPal nothing', async () => {
    const { token } = acceptedQuote();
    const { id: paypalId } = await createDepositOrder(db, backend(), token, DAY5);
    await captureDeposit(db, client, token, paypalId, DAY6);
    const mails = queuedMails(db).length;
    const calls = captures();
    const again = await captureDeposit(db, client, token, paypalId, new Date('2026-12-07T09:00:00Z'));
    expect(again).toMatchObject({ newlyPaid: false, deposit: { state: 'paid', paidDay: '2026-12-06' } });
    expect(captures()).toBe(calls);
    expect(queuedMails(db)).toHaveLength(mails);
    // And a new payment of a paid deposit is refused with the day it was paid.
    expect(await refusal(() => createDepositOrder(db, backend(), token, DAY6))).toEqual({
      status: 409,
      message: 'The deposit was paid on 6 December 2026.',
    });
  });

  it('refuses another amount or currency than the stored one, and records nothing as paid', async () => {
    vi.spyOn(getLog(), 'error').mockImplementation(() => undefined);
    const { token } = acceptedQuote();
    const { id: paypalId } = await createDepositOrder(db, backend(), token, DAY5);
    fake.captureBehaviour = 'wrong-amount';
    expect((await refusal(() => captureDeposit(db, client, token, paypalId, DAY6))).status).toBe(409);
    expect(payments()[0]?.status).toBe('failed');
    const second = await createDepositOrder(db, backend(), token, DAY6);
    fake.captureBehaviour = 'wrong-currency';
    expect((await refusal(() => captureDeposit(db, client, token, second.id, DAY6))).status).toBe(409);
    expect(payments().filter((p) => p.status === 'paid')).toEqual([]);
    expect(queuedMails(db).some((m) => /Deposit/.test(m.subject))).toBe(false);
  });

  it('hands PayPal’s INSTRUMENT_DECLINED back and keeps the payment open for another card', async () => {
    vi.spyOn(getLog(), 'error').mockImplementation(() => undefined);
    const { token } = acceptedQuote();
    const { id: paypalId } = await createDepositOrder(db, backend(), token, DAY5);
    fake.captureBehaviour = 'instrument-declined';
    await expect(captureDeposit(db, client, token, paypalId, DAY6)).rejects.toMatchObject({
      code: 'PAYPAL_API_ERROR',
      issue: 'INSTRUMENT_DECLINED',
    });
    expect(payments()[0]?.status).toBe('pending');
    fake.captureBehaviour = 'complete';
    expect((await captureDeposit(db, client, token, paypalId, DAY6)).newlyPaid).toBe(true);
  });

  it('fails a DECLINED capture with a sentence', async () => {
    const { token } = acceptedQuote();
    const { id: paypalId } = await createDepositOrder(db, backend(), token, DAY5);
    fake.captureBehaviour = 'declined';
    expect(await refusal(() => captureDeposit(db, client, token, paypalId, DAY6))).toMatchObject({
      status: 422,
    });
    expect(payments()[0]?.status).toBe('failed');
  });

  it('refuses a PayPal order that is not this quote’s deposit', async () => {
    const a = acceptedQuote();
    const b = acceptedQuote({ clientEmail: 'other@example.ie' });
    const { id: paypalId } = await createDepositOrder(db, backend(), a.token, DAY5);
    expect(await refusal(() => captureDeposit(db, client, b.token, paypalId, DAY6))).toEqual({
      status: 404,
      message: UNKNOWN_PAYMENT,
    });
    expect(captures()).toBe(0);
  });

  it('records one payment when two payments of the same deposit are captured at once', async () => {
    const { token } = acceptedQuote();
    const first = await createDepositOrder(db, backend(), token, DAY5);
    const second = await createDepositOrder(db, backend(), token, DAY5);
    const results = await Promise.allSettled([
      captureDeposit(db, client, token, first.id, DAY6),
      captureDeposit(db, client, token, second.id, DAY6),
      captureDeposit(db, client, token, first.id, DAY6),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
      status: 409,
      message: 'The deposit was paid on 6 December 2026.',
    });
    expect(payments().filter((p) => p.status === 'paid')).toHaveLength(1);
    // The second payment was never captured: PayPal took the deposit once.
    expect(captures()).toBe(1);
    expect(queuedMails(db).filter((m) => /^Deposit received/.test(m.subject))).toHaveLength(1);
  });

  it('keeps a second paid deposit out of the table, whatever the code above it does', async () => {
    const { id } = acceptedQuote();
    const row = (providerOrderId: string) => ({
      quoteId: id,
      kind: 'deposit' as const,
      provider: 'paypal' as const,
      amountCents: 9_510,
      vatCents: 0,
      status: 'paid' as const,
      providerOrderId,
      paidAt: DAY6,
    });
    db.insert(jobPayments).values(row('AAA')).run();
    expect(() => db.insert(jobPayments).values(row('BBB')).run()).toThrow(/UNIQUE/);
    // A paid balance beside it is allowed: the rule is one paid payment of each kind.
    db.insert(jobPayments)
      .values({ ...row('CCC'), kind: 'balance' })
      .run();
    expect(db.select().from(jobPayments).where(eq(jobPayments.quoteId, id)).all()).toHaveLength(2);
  });
});

describe('the owner and a paid deposit', () => {
  it('may neither revise nor withdraw the quote, and is told why', async () => {
    const { id, token } = acceptedQuote();
    const { id: paypalId } = await createDepositOrder(db, backend(), token, DAY5);
    await captureDeposit(db, client, token, paypalId, DAY6);
    const why =
      'The client paid a deposit of €95.10 on this quote: it can no longer be changed. Refund the deposit first if the job is off.';
    expect(() => updateQuote(db, id, quoteInputSchema.parse({ ...FARM_QUOTE, ...ONE_LINE }), DAY6)).toThrow(
      why,
    );
    expect(() => withdrawQuote(db, id, DAY6)).toThrow(
      /paid a deposit of €95\.10 on this quote: it can no longer be withdrawn/,
    );
    expect(getQuote(db, id, DAY6).status).toBe('accepted');
  });

  it('starts a new quote from the deposit percentage the owner saved', () => {
    expect(quoteDefaults(db, DAY3).depositPercent).toBe(30);
    const q = makeQuote(db, { depositPercent: 40, saveDepositAsDefault: true });
    expect(q.depositPercent).toBe(40);
    expect(q.deposit).toMatchObject({ state: 'due', amountCents: 17_480 }); // 40% of €437.00
    expect(quoteDefaults(db, DAY3).depositPercent).toBe(40);
  });
});
