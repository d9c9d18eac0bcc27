// The balance of a drone job over HTTP on the built server, in test mode (the built-in PayPal fake):
// the owner attaches a gallery and invoices the balance (by a specimen with no number, as the site
// takes only test payments); the client pays it through the link the invoice mail brings, for the
// invoice's amount; the gallery's downloads open, once however often the capture is repeated; and
// every refusal is a sentence with nothing changed: a balance before its invoice, paid twice, an
// amount from the browser, another quote's PayPal order, another site, garbage and huge bodies.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { waitForOutbox } from '../helpers/outbox';
import { farmQuoteBody, message, ownerSiteForFile } from '../helpers/owner-requests';
import { pdfText } from '../helpers/pdf-text';

const ctx = ownerSiteForFile();
const { owner, post, mailedToken } = ctx;

/** €299.00 + €18.00 = €317.00, no VAT: with no deposit paid, the balance is the whole €317.00. */
const quote = (email: string) => farmQuoteBody(email, { depositPercent: 30 });

const acceptedQuote = (email: string) => ctx.acceptedQuote(quote(email));

async function invoicedQuote(email: string) {
  const { id } = await acceptedQuote(email);
  const invoiced = await owner('POST', `/api/admin/quotes/${id}/balance-invoice`);
  expect(invoiced.status).toBe(200);
  return { id, token: await mailedToken(email, /^Invoice \(specimen\): the balance/) };
}

const startBalance = (token: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  post(`/api/quotes/${token}/balance`, body, headers);
const captureBalance = (token: string, orderId: string, body: unknown = {}) =>
  post(`/api/quotes/${token}/balance/${orderId}/capture`, body);

function rows(sql: string, ...args: unknown[]) {
  const db = new Database(join(ctx.site.dataDir, 'site.sqlite'), { readonly: true });
  try {
    return db.prepare(sql).all(...args) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

describe('the balance of a job', () => {
  it('is invoiced by the owner, paid once by the client, and opens the gallery’s downloads', async () => {
    const { id } = await acceptedQuote('balance@example.ie');
    const attached = await owner('POST', `/api/admin/quotes/${id}/gallery`, { newGallery: true });
    expect(attached.status).toBe(200);
    const galleryId = ((await attached.json()) as { gallery: { id: string } }).gallery.id;
    expect(rows('select downloads, released_at from galleries where id = ?', galleryId)).toEqual([
      { downloads: 'none', released_at: null },
    ]);
    expect((await owner('POST', `/api/admin/quotes/${id}/balance-invoice`)).status).toBe(200);
    const token = await mailedToken('balance@example.ie', /^Invoice \(specimen\): the balance/);
    // A site that takes only test payments uses no number of the invoice sequence.
    expect(rows('select count(*) as n from invoices where quote_id = ?', id)).toEqual([{ n: 0 }]);
    const page = await (await fetch(`${ctx.site.url}/quote/${token}`)).text();
    expect(page).toContain('Pay the balance: €317.00');
    expect(page).not.toContain('Pay the deposit');
    const pdf = await fetch(`${ctx.site.url}/quote/${token}/invoice/balance`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('cache-control')).toBe('private, no-store');
    expect(pdf.headers.get('content-disposition')).toMatch(/filename="specimen-balance-[0-9A-F]{6}\.pdf"/);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain('Number: none (specimen)');
    expect((await owner('GET', `/api/admin/quotes/${id}/invoice/balance`)).status).toBe(200);
    expect((await fetch(`${ctx.site.url}/api/admin/quotes/${id}/invoice/balance`)).status).toBe(401);

    const started = await startBalance(token);
    expect(started.status).toBe(200);
    const { id: orderId } = (await started.json()) as { id: string };
    const paid = await captureBalance(token, orderId);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({
      status: 'COMPLETED',
      balance: { state: 'paid', amountCents: 31_700, testMode: true },
    });
    const again = await captureBalance(token, orderId);
    expect(again.status).toBe(200);
    expect(rows("select status from job_payments where quote_id = ? and kind = 'balance'", id)).toEqual([
      { status: 'paid' },
    ]);
    expect(rows('select downloads from galleries where id = ?', galleryId)).toEqual([
      { downloads: 'original' },
    ]);

    const mails = await waitForOutbox(ctx.site.dataDir, (all) =>
      all.some((m) => m.to === 'owner@example.com' && /^Balance paid by Áine Byrne/.test(m.subject)),
    );
    const toClient = mails.filter((m) => m.to === 'balance@example.ie').map((m) => m.subject);
    expect(toClient.filter((s) => s.startsWith('Your photos are ready'))).toHaveLength(1);
    expect(toClient.filter((s) => s.startsWith('Balance received'))).toHaveLength(1);

    const twice = await startBalance(token);
    expect(twice.status).toBe(409);
    expect(await message(twice)).toMatch(/^The balance was paid on \d+ \w+ \d{4}\.$/);
    const after = await (await fetch(`${ctx.site.url}/quote/${token}`)).text();
    expect(after).toMatch(/Balance of €317\.00 paid on \d+ \w+ \d{4}\. Thank you\./);
  });

  it('refuses, with a sentence and nothing changed, whatever may not be paid', async () => {
    const accepted = await acceptedQuote('early@example.ie');
    const early = await startBalance(accepted.token);
    expect(early.status).toBe(409);
    expect(await message(early)).toMatch(/^The balance has not been invoiced yet/);
    expect((await startBalance('x'.repeat(43))).status).toBe(404);

    const a = await invoicedQuote('a-balance@example.ie');
    const b = await invoicedQuote('b-balance@example.ie');
    const twice = await owner('POST', `/api/admin/quotes/${a.id}/balance-invoice`);
    expect(twice.status).toBe(409);
    const { id: orderOfA } = (await (await startBalance(a.token)).json()) as { id: string };
    const wrongQuote = await captureBalance(b.token, orderOfA);
    expect(wrongQuote.status).toBe(404);
    expect(await message(wrongQuote)).toBe('This payment is not one of this quote’s balance payments.');
    expect((await captureBalance(b.token, 'not-an-id')).status).toBe(404);

    expect((await startBalance(a.token, {}, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await startBalance(a.token, 'not json')).status).toBe(400);
    const withAmount = await startBalance(a.token, { amountCents: 1 });
    expect(withAmount.status).toBe(400);
    expect(await message(withAmount)).toMatch(/amount invoiced by the site/);
    expect((await startBalance(a.token, { pad: 'x'.repeat(100_000) })).status).toBe(413);
    expect((await captureBalance(a.token, orderOfA, { amountCents: 1 })).status).toBe(400);
    expect(
      rows(
        "select * from job_payments where kind = 'balance' and status = 'paid' and quote_id in (?, ?)",
        a.id,
        b.id,
      ),
    ).toEqual([]);
    // The amount asked of PayPal is the invoice's, whatever the browser says.
    expect(rows('select amount_cents from job_payments where provider_order_id = ?', orderOfA)).toEqual([
      { amount_cents: 31_700 },
    ]);
    const badGallery = await owner('POST', `/api/admin/quotes/${a.id}/gallery`, { galleryId: 'nope' });
    expect(badGallery.status).toBe(404);
    expect((await owner('POST', `/api/admin/quotes/${a.id}/gallery`, { what: 1 })).status).toBe(400);
  });
});
