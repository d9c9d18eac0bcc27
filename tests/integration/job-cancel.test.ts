// Cancelling a drone job over HTTP on the built server, with PayPal keys pointed at the local PayPal
// double (so payments are real ones to the site, and the balance gets a numbered invoice): the owner
// cancels an accepted job whose balance was invoiced and paid, the refund given back through PayPal
// and credited (a credit note for the owner and for the client, never cached); every refusal is a
// sentence with nothing changed: a bad body (400), more than was paid (422), a job not accepted or
// cancelled already (409), and no owner (401).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startPaypalFakeServer } from '~/lib/payments/paypal-fake.server';
import { farmQuoteBody, message, ownerSiteForFile } from '../helpers/owner-requests';

let paypal: Awaited<ReturnType<typeof startPaypalFakeServer>> | undefined;
const ctx = ownerSiteForFile(async () => {
  paypal = await startPaypalFakeServer();
  return {
    PAYPAL_CLIENT_ID: paypal.fake.clientId,
    PAYPAL_CLIENT_SECRET: paypal.fake.clientSecret,
    PAYPAL_API_BASE: paypal.url,
  };
});
afterAll(() => paypal?.stop());
const { owner, post, mailed, mailedToken } = ctx;

/** €299.00 + €18.00 = €317.00, no VAT, no deposit: the balance is the whole €317.00. */
const quote = (email: string) =>
  farmQuoteBody(email, { terms: 'The balance is due on delivery.', depositPercent: 0 });

const acceptedQuote = (email: string) => ctx.acceptedQuote(quote(email));

/** An accepted job whose balance (the whole €317.00) was invoiced and paid through PayPal. */
async function paidJob(email: string) {
  const { id } = await acceptedQuote(email);
  expect((await owner('POST', `/api/admin/quotes/${id}/balance-invoice`)).status).toBe(200);
  const token = await mailedToken(email, /^Invoice INV-\d{6}: the balance/);
  const started = await post(`/api/quotes/${token}/balance`, {});
  expect(started.status).toBe(200);
  const { id: orderId } = (await started.json()) as { id: string };
  expect((await post(`/api/quotes/${token}/balance/${orderId}/capture`, {})).status).toBe(200);
  return { id };
}

const cancel = (id: string, body: unknown) => owner('POST', `/api/admin/quotes/${id}/cancel`, body);

function rows(sql: string, ...args: unknown[]) {
  const db = new Database(join(ctx.site.dataDir, 'site.sqlite'), { readonly: true });
  try {
    return db.prepare(sql).all(...args) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

describe('cancelling a job', () => {
  it('refuses bad bodies, more than was paid, and anyone but the owner, changing nothing', async () => {
    const { id } = await paidJob('refused@example.ie');
    const bad = [
      'not json',
      { refundCents: 100 },
      { refundCents: -1, reason: 'Called off' },
      { refundCents: 1.5, reason: 'Called off' },
      { refundCents: 100, reason: '   ' },
      { refundCents: 100, reason: 'Called off', amount: 5 },
    ];
    for (const body of bad) expect((await cancel(id, body)).status).toBe(400);
    const noReason = await cancel(id, { refundCents: 100, reason: '' });
    expect(await message(noReason)).toBe('Please give the reason for cancelling the job.');
    const tooMuch = await cancel(id, { refundCents: 31_701, reason: 'Called off' });
    expect(tooMuch.status).toBe(422);
    expect(await message(tooMuch)).toBe(
      'At most €317.00 can be refunded: that is what the client paid on this job.',
    );
    const stranger = await fetch(`${ctx.site.url}/api/admin/quotes/${id}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ctx.site.url },
      body: JSON.stringify({ refundCents: 0, reason: 'Called off' }),
    });
    expect(stranger.status).toBe(401);
    expect(rows('select status from quotes where id = ?', id)).toEqual([{ status: 'accepted' }]);
    expect(rows('select refunded_cents from job_payments where quote_id = ?', id)).toEqual([
      { refunded_cents: 0 },
    ]);
  });

  it('refunds, credits and mails the client; the credit note is the owner’s and the client’s', async () => {
    const { id } = await paidJob('cancelled@example.ie');
    const done = await cancel(id, { refundCents: 20_000, reason: 'The event was called off.' });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({
      status: 'cancelled',
      cancellation: { refundedCents: 20_000, testMode: false, reason: 'The event was called off.' },
    });
    // The refund went through PayPal, for the amount given.
    expect([...(paypal?.fake.refunds.values() ?? [])].map((r) => r.amountCents)).toContain(20_000);
    const mail = await mailed('cancelled@example.ie', /^Your drone job is cancelled/);
    expect(mail.text).toContain('Refunded to you: €200.00');
    expect(mail.text).toMatch(/Credit note CN-\d{6} for the balance: €200\.00/);
    const token = mail.text.match(/\/quote\/([A-Za-z0-9_-]{43})/)?.[1] ?? '';

    const ownerPdf = await owner('GET', `/api/admin/quotes/${id}/credit-note`);
    expect(ownerPdf.status).toBe(200);
    expect(ownerPdf.headers.get('content-type')).toBe('application/pdf');
    const clientPdf = await fetch(`${ctx.site.url}/quote/${token}/credit-note`);
    expect(clientPdf.status).toBe(200);
    expect(clientPdf.headers.get('cache-control')).toBe('private, no-store');
    expect((await fetch(`${ctx.site.url}/api/admin/quotes/${id}/credit-note`)).status).toBe(401);

    const again = await cancel(id, { refundCents: 0, reason: 'Twice' });
    expect(again.status).toBe(409);
    const list = (await (await owner('GET', '/api/admin/quotes?stage=cancelled')).json()) as {
      quotes: { id: string }[];
    };
    expect(list.quotes.map((q) => q.id)).toContain(id);
  });

  it('refuses a quote that was never accepted', async () => {
    const made = await owner('POST', '/api/admin/quotes', quote('draft@example.ie'));
    const { id } = (await made.json()) as { id: string };
    const refused = await cancel(id, { refundCents: 0, reason: 'Called off' });
    expect(refused.status).toBe(409);
    expect(await message(refused)).toBe(
      'Only an accepted job can be cancelled: withdraw a quote that is not accepted yet.',
    );
  });
});
