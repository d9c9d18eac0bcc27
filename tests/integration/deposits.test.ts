// The deposit of an accepted drone quote over HTTP on the built server, in test mode (the built-in
// PayPal fake): the client starts the payment for the server's amount and captures it; the page,
// the owner's Jobs tab and the mails then say it is paid; a second capture changes nothing; and every
// refusal is a sentence with nothing changed: a bad link, a quote not accepted, no deposit asked, a
// paid deposit, another quote's payment, another site, garbage and huge bodies, a flood. And the
// shoot's calendar file, for the client through the link and for the owner.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { type FiledMail, waitForOutbox } from '../helpers/outbox';
import { farmQuoteBody, message, ownerSiteForFile } from '../helpers/owner-requests';

const ctx = ownerSiteForFile();
const { owner } = ctx;

/** €299.00 + €18.00 = €317.00, no VAT: a deposit of 30% is €95.10. */
const quote = (email: string, depositPercent = 30, shootDate = '') =>
  farmQuoteBody(email, { depositPercent, shootDate });

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${ctx.site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ctx.site.url, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** A quote made and sent by the owner; its token read from the client's mail in the outbox. */
async function sentQuote(email: string, depositPercent?: number, shootDate?: string) {
  const made = await owner('POST', '/api/admin/quotes', quote(email, depositPercent, shootDate));
  expect(made.status).toBe(201);
  const { id } = (await made.json()) as { id: string };
  expect((await owner('POST', `/api/admin/quotes/${id}/send`)).status).toBe(200);
  const mails = await waitForOutbox(ctx.site.dataDir, (all) => all.some((m) => m.to === email));
  const mail = mails.find((m) => m.to === email) as FiledMail;
  const token = mail.text.match(/\/quote\/([A-Za-z0-9_-]{43})/)?.[1] ?? '';
  expect(token).toHaveLength(43);
  return { id, token };
}

async function acceptedQuote(email: string, depositPercent?: number, shootDate?: string) {
  const sent = await sentQuote(email, depositPercent, shootDate);
  const accepted = await post(`/api/quotes/${sent.token}/accept`, {
    name: 'Áine Byrne',
    acceptTerms: true,
    totalCents: 31_700,
  });
  expect(accepted.status).toBe(200);
  return sent;
}

const startDeposit = (token: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  post(`/api/quotes/${token}/deposit`, body, headers);
const captureDeposit = (token: string, orderId: string, body: unknown = {}) =>
  post(`/api/quotes/${token}/deposit/${orderId}/capture`, body);

const payments = (quoteId: string) => {
  const db = new Database(join(ctx.site.dataDir, 'site.sqlite'), { readonly: true });
  try {
    return db.prepare('select * from job_payments where quote_id = ?').all(quoteId) as Record<
      string,
      unknown
    >[];
  } finally {
    db.close();
  }
};

describe('paying the deposit of an accepted quote', () => {
  it('takes the server’s amount once, says so on the page and in the Jobs tab, and mails both sides', async () => {
    const { id, token } = await acceptedQuote('deposit@example.ie');
    const page = await (await fetch(`${ctx.site.url}/quote/${token}`)).text();
    expect(page).toContain('Pay the deposit: €95.10 (30% of €317.00)');

    const started = await startDeposit(token);
    expect(started.status).toBe(200);
    const { id: orderId } = (await started.json()) as { id: string };
    expect(orderId).toMatch(/^[A-Z0-9]+$/);
    expect(payments(id)).toEqual([
      expect.objectContaining({ amount_cents: 9_510, status: 'pending', provider: 'paypal', test_mode: 1 }),
    ]);

    const paid = await captureDeposit(token, orderId);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({
      status: 'COMPLETED',
      deposit: { state: 'paid', amountCents: 9_510, balanceCents: 22_190, testMode: true },
    });
    const again = await captureDeposit(token, orderId);
    expect(again.status).toBe(200);
    expect(payments(id)).toEqual([expect.objectContaining({ status: 'paid' })]);

    const after = await (await fetch(`${ctx.site.url}/quote/${token}`)).text();
    expect(after).toMatch(
      /Deposit of €95\.10 paid on \d+ \w+ \d{4}\. The balance of €221\.90 is due on delivery\./,
    );
    expect(after).not.toContain('Pay the deposit');
    const list = (await (await owner('GET', '/api/admin/quotes')).json()) as {
      quotes: { id: string; depositWords: string | null }[];
    };
    expect(list.quotes.find((q) => q.id === id)?.depositWords).toMatch(
      /^Deposit €95\.10 paid \d+ \w+ \(test payment, no money taken\) · €221\.90 to pay$/,
    );

    const mails = await waitForOutbox(ctx.site.dataDir, (all) =>
      all.some((m) => m.to === 'owner@example.com' && /^Deposit paid by Áine Byrne/.test(m.subject)),
    );
    const receipt = mails.filter((m) => m.to === 'deposit@example.ie' && /^Deposit received/.test(m.subject));
    expect(receipt).toHaveLength(1);
    expect(receipt[0]?.text).toContain('Deposit paid: €95.10 (30% of €317.00)');
    expect(receipt[0]?.text).toContain('Balance to pay on delivery: €221.90');

    // Paid: a new payment is refused, and the owner can neither revise nor withdraw the quote.
    const twice = await startDeposit(token);
    expect(twice.status).toBe(409);
    expect(await message(twice)).toMatch(/^The deposit was paid on \d+ \w+ \d{4}\.$/);
    const revise = await owner('PUT', `/api/admin/quotes/${id}`, quote('deposit@example.ie'));
    expect(revise.status).toBe(409);
    expect(await message(revise)).toMatch(
      /paid a deposit of €95\.10 on this quote: it can no longer be changed/,
    );
    const withdraw = await owner('POST', `/api/admin/quotes/${id}/withdraw`);
    expect(withdraw.status).toBe(409);
    expect(await message(withdraw)).toMatch(/it can no longer be withdrawn/);
  });

  it('refuses, with a sentence and nothing changed, whatever may not be paid', async () => {
    const sent = await sentQuote('refused@example.ie');
    const notAccepted = await startDeposit(sent.token);
    expect(notAccepted.status).toBe(409);
    expect(await message(notAccepted)).toBe('Accept the quote before paying its deposit.');
    const badLink = await startDeposit('x'.repeat(43));
    expect(badLink.status).toBe(404);
    expect(await message(badLink)).toBe('This quote link is not valid.');

    const none = await acceptedQuote('none@example.ie', 0);
    const noDeposit = await startDeposit(none.token);
    expect(noDeposit.status).toBe(409);
    expect(await message(noDeposit)).toMatch(/asks for no deposit/);
    expect(await (await fetch(`${ctx.site.url}/quote/${none.token}`)).text()).not.toContain(
      'Pay the deposit',
    );

    const a = await acceptedQuote('a@example.ie');
    const b = await acceptedQuote('b@example.ie');
    const { id: orderOfA } = (await (await startDeposit(a.token)).json()) as { id: string };
    const wrongQuote = await captureDeposit(b.token, orderOfA);
    expect(wrongQuote.status).toBe(404);
    expect(await message(wrongQuote)).toBe('This payment is not one of this quote’s deposit payments.');
    expect((await captureDeposit(b.token, 'not-an-id')).status).toBe(404);

    expect((await startDeposit(a.token, {}, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await startDeposit(a.token, 'not json')).status).toBe(400);
    const withAmount = await startDeposit(a.token, { amountCents: 1 });
    expect(withAmount.status).toBe(400);
    expect((await startDeposit(a.token, { pad: 'x'.repeat(100_000) })).status).toBe(413);
    expect(payments(a.id).filter((p) => p.status === 'paid')).toEqual([]);
    expect(payments(b.id)).toEqual([]);
    expect(payments(sent.id)).toEqual([]);
  });

  it('serves the shoot as a calendar file to the client and the owner, once accepted with a day', async () => {
    const sent = await sentQuote('calendar@example.ie', 30, '2099-06-10');
    expect((await fetch(`${ctx.site.url}/quote/${sent.token}/shoot.ics`)).status).toBe(404);
    await post(`/api/quotes/${sent.token}/accept`, {
      name: 'Áine Byrne',
      acceptTerms: true,
      totalCents: 31_700,
    });
    const page = await (await fetch(`${ctx.site.url}/quote/${sent.token}`)).text();
    expect(page).toContain('Add the shoot to your calendar');
    const ics = await fetch(`${ctx.site.url}/quote/${sent.token}/shoot.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(ics.headers.get('cache-control')).toBe('private, no-store');
    const text = (await ics.text()).replace(/\r\n[ \t]/g, '');
    expect(text).toContain('DTSTART;VALUE=DATE:20990610');
    expect(text).toContain('SUMMARY:Drone shoot: Aerial photos of a farm near Aughrim');
    expect(text).toContain(`/quote/${sent.token}`);
    const uid = text.match(/UID:(\S+)/)?.[1];
    const ownerCopy = await owner('GET', `/api/admin/quotes/${sent.id}/shoot.ics`);
    expect(ownerCopy.status).toBe(200);
    const ownerText = (await ownerCopy.text()).replace(/\r\n[ \t]/g, '');
    expect(ownerText.match(/UID:(\S+)/)?.[1]).toBe(uid);
    expect(ownerText).not.toContain(sent.token);
    expect((await fetch(`${ctx.site.url}/api/admin/quotes/${sent.id}/shoot.ics`)).status).toBe(401);
    expect((await fetch(`${ctx.site.url}/quote/${'x'.repeat(43)}/shoot.ics`)).status).toBe(404);
  });

  it('rate-limits the payments started from one address', async () => {
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i++) status = (await startDeposit('x'.repeat(43))).status;
    expect(status).toBe(429);
  });
});
