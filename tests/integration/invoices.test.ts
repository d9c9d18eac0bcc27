// VAT invoices and credit notes over HTTP against the built server (pdfkit loaded by the built
// bundle, its fonts found): a paid order's confirmation mail carries its invoice as a PDF; the
// confirmation page links it, and the link answers only the browser holding the order's receipt
// cookie; the owner's routes answer the owner alone; a refund makes a credit note referring to the
// invoice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaypalFakeServer } from '~/lib/payments/paypal-fake.server';
import { saveBusinessDetails } from '~/lib/site/business.server';
import { withSiteDb } from '../helpers/db';
import { makePhoto, makeVariant } from '../helpers/factories';
import { CUSTOMER } from '../helpers/fixtures';
import { waitForOutbox } from '../helpers/outbox';
import { pdfText } from '../helpers/pdf-text';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let site: RunningServer;
let paypal: Awaited<ReturnType<typeof startPaypalFakeServer>>;
let owner: string;

beforeAll(async () => {
  paypal = await startPaypalFakeServer();
  const { fake } = paypal;
  site = await startServer({
    PAYPAL_CLIENT_ID: fake.clientId,
    PAYPAL_CLIENT_SECRET: fake.clientSecret,
    PAYPAL_API_BASE: paypal.url,
  });
  owner = await signIn(site.url);
  withSiteDb(site.dataDir, (db) => {
    makePhoto(db, { id: 'p-tay', title: 'Lough Tay' });
    makeVariant(db, { id: 'v-tay', photoId: 'p-tay', size: 'small', finish: 'matte', priceCents: 4500 });
    saveBusinessDetails(db, {
      legalName: 'Wicklow Light Photography Ltd',
      tradingName: null,
      addressLine1: '1 Harbour Road',
      addressLine2: null,
      town: 'Wicklow',
      region: null,
      postcode: 'A67 X123',
      country: 'IE',
      vatNumber: 'IE1234567T',
      companyNumber: null,
      email: 'shop@example.ie',
      phone: null,
    });
  });
});

afterAll(async () => {
  await site?.stop();
  await paypal?.stop();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url, ...headers },
    body: JSON.stringify(body),
  });

/** Buys one print through the PayPal fake: the order id and this browser's receipt cookie. */
async function buy() {
  const created = await post('/api/paypal/order', {
    lines: [{ variantId: 'v-tay', framing: null, quantity: 1 }],
    country: 'IE',
  });
  const { id } = (await created.json()) as { id: string };
  const res = await post(`/api/paypal/order/${id}/capture`, { customerData: CUSTOMER, cartItems: [] });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { order: { id: string } };
  const receipt = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => c.startsWith('receipt-'))
    .join('; ');
  return { orderId: body.order.id, receipt };
}

const get = (path: string, cookie?: string) =>
  fetch(`${site.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });

describe('a paid order’s invoice', () => {
  let orderId: string;
  let receipt: string;
  beforeAll(async () => {
    ({ orderId, receipt } = await buy());
  });

  it('is attached to the buyer’s confirmation mail as a PDF', async () => {
    const mails = await waitForOutbox(site.dataDir, (all) =>
      all.some((m) => m.to === 'aoife@example.ie' && m.text.includes(orderId)),
    );
    const mail = mails.find((m) => m.to === 'aoife@example.ie' && m.text.includes(orderId));
    expect(mail?.text).toContain('Your VAT invoice INV-000001 is attached.');
    expect(mail?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['INV-000001.pdf', 'application/pdf'],
    ]);
    const text = pdfText(mail?.attachments[0]?.content ?? Buffer.alloc(0));
    expect(text).toContain('Number: INV-000001');
    expect(text).toContain('VAT number: IE1234567T');
    expect(text).toContain('Total payable (incl. VAT)');
    const ownerMail = mails.find((m) => m.to === 'owner@example.com' && m.text.includes(orderId));
    expect(ownerMail?.attachments).toEqual([]);
  });

  it('is linked from the confirmation page in the browser that paid', async () => {
    const page = await (await get(`/checkout?success=true&orderId=${orderId}`, receipt)).text();
    expect(page).toContain('Your VAT invoice (PDF)');
    expect(page).toContain(`/checkout/invoice.pdf?orderId=${orderId}`);
  });

  it('is sent only to the browser holding the order’s receipt', async () => {
    const res = await get(`/checkout/invoice.pdf?orderId=${orderId}`, receipt);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(pdfText(Buffer.from(await res.arrayBuffer()))).toContain('Number: INV-000001');

    for (const cookie of [undefined, owner, 'receipt-x=y', receipt.replace(/=.*/, '=forged')]) {
      const refused = await get(`/checkout/invoice.pdf?orderId=${orderId}`, cookie);
      expect(refused.status).toBe(404);
      expect(refused.headers.get('content-type')).not.toBe('application/pdf');
    }
  });

  it('is the owner’s to download from the order, and nobody else’s', async () => {
    const path = `/api/admin/orders/${orderId}/invoice.pdf`;
    const res = await get(path, owner);
    expect(res.status).toBe(200);
    expect(pdfText(Buffer.from(await res.arrayBuffer()))).toContain('Number: INV-000001');
    expect([401, 403]).toContain((await get(path)).status);
    expect([401, 403]).toContain((await get(path, receipt)).status);
    const details = await (await get(`/api/admin/orders/${orderId}`, owner)).json();
    expect(details).toMatchObject({ invoiceNumber: 'INV-000001', creditNoteNumber: null });
    expect((await get(`/api/admin/orders/${orderId}/credit-note.pdf`, owner)).status).toBe(404);
  });

  it('gets a credit note referring to it when the order is refunded', async () => {
    const res = await post(
      `/api/admin/orders/${orderId}/refund`,
      { notifyCustomer: false },
      { cookie: owner },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ invoiceNumber: 'INV-000001', creditNoteNumber: 'CN-000001' });
    const note = await get(`/api/admin/orders/${orderId}/credit-note.pdf`, owner);
    expect(note.status).toBe(200);
    const text = pdfText(Buffer.from(await note.arrayBuffer()));
    expect(text).toContain('Credit note');
    expect(text).toContain('Number: CN-000001');
    expect(text).toContain('Refers to invoice INV-000001');
    expect([401, 403]).toContain((await get(`/api/admin/orders/${orderId}/credit-note.pdf`)).status);
  });

  it('numbers the next paid order’s invoice next', async () => {
    const { orderId: next } = await buy();
    const details = await (await get(`/api/admin/orders/${next}`, owner)).json();
    expect(details.invoiceNumber).toBe('INV-000002');
  });
});

describe('a test order (test mode: no PayPal keys)', () => {
  let testSite: RunningServer;
  beforeAll(async () => {
    testSite = await startServer();
    withSiteDb(testSite.dataDir, (db) => {
      makePhoto(db, { id: 'p-tay', title: 'Lough Tay' });
      makeVariant(db, { id: 'v-tay', photoId: 'p-tay', size: 'small', finish: 'matte', priceCents: 4500 });
    });
  });
  afterAll(async () => {
    await testSite?.stop();
  });

  it('mails a specimen marked as not a VAT invoice, and uses no invoice number', async () => {
    const send = (path: string, body: unknown) =>
      fetch(`${testSite.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: testSite.url },
        body: JSON.stringify(body),
      });
    const created = await send('/api/paypal/order', {
      lines: [{ variantId: 'v-tay', framing: null, quantity: 1 }],
      country: 'IE',
    });
    const { id } = (await created.json()) as { id: string };
    const res = await send(`/api/paypal/order/${id}/capture`, { customerData: CUSTOMER, cartItems: [] });
    expect(res.status).toBe(200);
    const { order } = (await res.json()) as { order: { id: string } };
    const mails = await waitForOutbox(testSite.dataDir, (all) =>
      all.some((m) => m.to === 'aoife@example.ie' && m.text.includes(order.id)),
    );
    const mail = mails.find((m) => m.to === 'aoife@example.ie' && m.text.includes(order.id));
    expect(mail?.text).toContain(
      'A specimen of the invoice buyers receive is attached: it is not a VAT invoice.',
    );
    expect(mail?.attachments[0]?.filename).toMatch(/^specimen-invoice-.+\.pdf$/);
    const text = pdfText(mail?.attachments[0]?.content ?? Buffer.alloc(0));
    expect(text).toContain('TEST — SPECIMEN, NOT A VAT INVOICE');
    expect(text).toContain("The supplier's details are missing");
    expect(text).not.toContain('INV-');
    const count = withSiteDb(testSite.dataDir, (db) =>
      db.$client.prepare('select count(*) as n from invoices').get(),
    ) as { n: number };
    expect(count.n).toBe(0);
  });
});
