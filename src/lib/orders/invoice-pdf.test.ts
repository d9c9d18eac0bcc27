// The VAT invoice and credit note as PDFs: what Irish VAT rules ask of an invoice (its date and
// number, the supplier's name, address and VAT number, the buyer's name and address, each line's
// quantity, unit price without VAT, VAT rate and VAT, the shipping, the discount, the totals per rate
// and the total payable), from the figures stored with the order; a credit note for a refund, in
// proportion when partial; a test order's specimen; characters outside the fonts' set.
import { beforeEach, describe, expect, it } from 'vitest';
import { documentOf, issueCreditNote, issueInvoice } from '~/lib/checkout/invoices.server';
import { creditRates, dateOfSupply, documentLines, ossNote } from '~/lib/orders/invoice-document';
import {
  issuedModel,
  renderDocumentPdf,
  renderMailAttachment,
  SPECIMEN_MARK,
  SUPPLIER_MISSING,
  specimenModel,
  winAnsiSafe,
} from '~/lib/orders/invoice-pdf.server';
import type { Db } from '~/lib/platform/server/db';
import type { BusinessDetails } from '~/lib/site/business';
import { saveBusinessDetails } from '~/lib/site/business.server';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder } from '~tests/helpers/factories';
import { pdfLines, pdfPlacedLines, pdfText } from '~tests/helpers/pdf-text';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const BUSINESS: BusinessDetails = {
  legalName: 'Ó Briain Photography Ltd',
  tradingName: 'Wicklow Light',
  addressLine1: '1 Harbour Road',
  addressLine2: null,
  town: 'Wicklow',
  region: 'Co. Wicklow',
  postcode: 'A67 X123',
  country: 'IE',
  vatNumber: 'IE1234567T',
  companyNumber: '654321',
  email: 'shop@example.ie',
  phone: null,
};

/** A limited edition (€120.00 at 13.5%) framed (€40.00 at 23%), 10% off, sent for €15.00 (23%): €159.00. */
function editionOrder(overrides: Parameters<typeof makeOrder>[1] = {}) {
  return makeOrder(db, {
    payment: 'paid',
    customerName: 'Siobhán Ní Dhónaill',
    items: [
      {
        priceCents: 16000,
        framingSize: 'large',
        framingPriceCents: 4000,
        discountCents: 1600,
        vatRateBp: 1350,
        vatCents: 1285,
        framingVatRateBp: 2300,
        framingVatCents: 673,
        framingDiscountCents: 400,
        description: 'Glendalough, large (16x20 inches) matte, framed',
      },
    ],
    itemTotalCents: 16000,
    discountCents: 1600,
    discountCode: 'SPRING10',
    shippingCents: 1500,
    shippingVatRateBp: 2300,
    shippingVatCents: 280,
    totalAmountCents: 15900,
    ...overrides,
  });
}

async function invoicePdf(orderId: string) {
  const doc = issueInvoice(db, orderId);
  const model = doc ? issuedModel(db, doc) : null;
  if (!model) throw new Error('no invoice');
  return pdfText(await renderDocumentPdf(model, { compress: false }));
}

describe('the invoice', () => {
  it('keeps a label that wraps (a long discount code) clear of the line below it', async () => {
    const { id } = editionOrder({ discountCode: 'WICKLOW-WINTER-SOLSTICE-2026' });
    const doc = issueInvoice(db, id);
    const model = doc ? issuedModel(db, doc) : null;
    if (!model) throw new Error('no invoice');
    const lines = pdfPlacedLines(await renderDocumentPdf(model, { compress: false }));
    const wrapped = lines.find((l) => l.text.includes('SOLSTICE-2026), incl. VAT'));
    const next = lines.find((l) => l.text === 'Net at 23% VAT, excl. VAT');
    if (!wrapped || !next) throw new Error(`lines not found: ${lines.map((l) => l.text).join(' | ')}`);
    // Heights are from the page's foot: the next line's baseline is a whole line below.
    expect(wrapped.y - next.y).toBeGreaterThanOrEqual(next.size);
  });

  it('shows no discount on a line without one, whatever the rounding of its units', () => {
    const order = makeOrder(db, {
      payment: 'paid',
      items: [{ priceCents: 4500, quantity: 2, vatRateBp: 2300, vatCents: 1683 }],
      totalAmountCents: 9000,
    });
    expect(documentLines({ ...order, items: order.items })[0]).toMatchObject({
      unitNetCents: 3659,
      discountNetCents: 0,
      netCents: 7317,
    });
  });

  it('gives each line’s quantity, unit price without VAT, discount, VAT rate, VAT and net', () => {
    const order = editionOrder();
    expect(documentLines({ ...order, items: order.items })).toEqual([
      {
        description: 'Glendalough, large (16x20 inches) matte, framed',
        quantity: 1,
        unitNetCents: 10573,
        discountNetCents: 1058,
        rateBp: 1350,
        vatCents: 1285,
        netCents: 9515,
      },
      {
        description: '  Frame',
        quantity: 1,
        unitNetCents: 3252,
        discountNetCents: 325,
        rateBp: 2300,
        vatCents: 673,
        netCents: 2927,
      },
      {
        description: 'Shipping',
        quantity: 1,
        unitNetCents: 1220,
        discountNetCents: 0,
        rateBp: 2300,
        vatCents: 280,
        netCents: 1220,
      },
    ]);
  });

  it('says what the VAT rules ask, from the stored figures', async () => {
    saveBusinessDetails(db, BUSINESS);
    const order = editionOrder();
    const text = await invoicePdf(order.id);
    for (const expected of [
      'Invoice',
      'Number: INV-000001',
      'Date of issue: ',
      'Wicklow Light',
      '1 Harbour Road',
      'Wicklow, Co. Wicklow',
      'A67 X123',
      'VAT number: IE1234567T',
      'Siobhán Ní Dhónaill',
      '12 Main Street',
      'Glendalough, large',
      '€105.73',
      '13.5%',
      '€12.85',
      '€95.15',
      'Shipping',
      'Discount taken above (SPRING10), incl. VAT',
      '-€16.00',
      'Net at 23% VAT, excl. VAT',
      '€41.47',
      'VAT at 23%',
      '€9.53',
      'Net at 13.5% VAT, excl. VAT',
      'Total payable (incl. VAT)',
      '€159.00',
      'Company number 654321',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(SPECIMEN_MARK);
  });

  it('says plainly when the supplier’s details are missing, inventing none', async () => {
    const order = editionOrder();
    const text = await invoicePdf(order.id);
    expect(
      pdfLines(
        await renderDocumentPdf(issuedModel(db, documentOf(db, order.id, 'invoice')!)!, { compress: false }),
      ).join(' '),
    ).toContain("supplier's details are missing");
    expect(text).not.toContain('VAT number');
    expect(SUPPLIER_MISSING).toContain('missing');
  });

  it('keeps the supplier as issued when the details are edited later', async () => {
    saveBusinessDetails(db, BUSINESS);
    const order = editionOrder();
    issueInvoice(db, order.id);
    saveBusinessDetails(db, { ...BUSINESS, tradingName: 'New Name' });
    const text = await invoicePdf(order.id);
    expect(text).toContain('Wicklow Light');
    expect(text).not.toContain('New Name');
  });
});

describe('the credit note', () => {
  it('gives back each rate in proportion to a partial refund, adding up to the refund', () => {
    const rates = [
      { rateBp: 2300, netCents: 4147, vatCents: 953 },
      { rateBp: 1350, netCents: 9515, vatCents: 1285 },
    ];
    expect(creditRates(rates, 15900, 5300)).toEqual([
      { rateBp: 2300, netCents: 1382, vatCents: 318 },
      { rateBp: 1350, netCents: 3172, vatCents: 428 },
    ]);
    const odd = creditRates(rates, 15900, 1001);
    expect(odd.reduce((n, r) => n + r.netCents + r.vatCents, 0)).toBe(1001);
    expect(creditRates(rates, 15900, 15900)).toEqual(rates);
  });

  it('says "Credit note", its number and the invoice it refers to', async () => {
    saveBusinessDetails(db, BUSINESS);
    const order = editionOrder();
    issueInvoice(db, order.id);
    const note = issueCreditNote(db, order.id, 5300);
    const model = note ? issuedModel(db, note) : null;
    if (!model) throw new Error('no credit note');
    const text = pdfText(await renderDocumentPdf(model, { compress: false }));
    for (const expected of [
      'Credit note',
      'Number: CN-000001',
      'Refers to invoice INV-000001',
      'Credited at 23% VAT, excl. VAT',
      '€13.82',
      '€3.18',
      'Total credited (incl. VAT)',
      '€53.00',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('a test order', () => {
  it('gets a specimen marked as not a VAT invoice, with no number', async () => {
    const order = editionOrder({ testMode: true });
    expect(issueInvoice(db, order.id)).toBeNull();
    const model = specimenModel(db, order.id);
    if (!model) throw new Error('no specimen');
    const text = pdfText(await renderDocumentPdf(model, { compress: false }));
    expect(text).toContain(SPECIMEN_MARK);
    expect(text).toContain('Number: none (specimen)');
    expect(text).not.toContain('INV-');
    const attached = await renderMailAttachment(db, `specimen:${order.id}`);
    expect(attached?.filename).toMatch(/^specimen-invoice-.*\.pdf$/);
    expect(attached?.content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('names no specimen for a real order', async () => {
    const order = editionOrder();
    expect(await renderMailAttachment(db, `specimen:${order.id}`)).toBeNull();
    expect(await renderMailAttachment(db, 'nonsense')).toBeNull();
  });
});

describe('characters outside the fonts’ set', () => {
  it('are written without their accent, or as "?", never failing', async () => {
    expect(winAnsiSafe('Seán Ó Briain € – “Łódź” −5 日本 ✓')).toBe('Seán Ó Briain € – “Lódz” -5 ?? ?');
    const order = editionOrder({ customerName: 'Łukasz 日本 🙂' });
    const text = await invoicePdf(order.id);
    expect(text).toContain('Lukasz ?? ?');
  });
});

describe('an order under the One-Stop-Shop', () => {
  const GERMANY = 'VAT charged at the rates of Germany under the EU One-Stop-Shop scheme.';

  it('names the country whose VAT it carried, on the invoice and the credit note', async () => {
    const order = editionOrder({ ossCountry: 'DE' });
    expect(await invoicePdf(order.id)).toContain(GERMANY);
    const note = issueCreditNote(db, order.id, 5300);
    const model = note ? issuedModel(db, note) : null;
    if (!model) throw new Error('no credit note');
    const text = pdfText(await renderDocumentPdf(model, { compress: false }));
    expect(text).toContain(GERMANY);
    expect(text).toContain('This credit note refers to invoice INV-000001.');
  });

  it('calls Northern Ireland by its name, and says nothing of it under Irish VAT', async () => {
    expect(ossNote('XI')).toBe(
      'VAT charged at the rates of Northern Ireland under the EU One-Stop-Shop scheme.',
    );
    expect(ossNote(null)).toBeNull();
    const text = await invoicePdf(editionOrder().id);
    expect(text).not.toContain('One-Stop-Shop');
  });
});

describe('the date of supply', () => {
  const DAY = 24 * 60 * 60 * 1000;

  it('is stated, as the payment date, when the invoice is issued on a later day', async () => {
    const order = editionOrder({ paidAt: new Date('2026-03-02T10:00:00Z') });
    const doc = issueInvoice(db, order.id, new Date('2026-11-28T12:00:00Z'));
    const model = doc ? issuedModel(db, doc) : null;
    if (!model) throw new Error('no invoice');
    const text = pdfText(await renderDocumentPdf(model, { compress: false }));
    expect(text).toContain('Date of issue: 28 November 2026');
    expect(text).toContain('Date of supply: 2 March 2026');
  });

  it('is, on a credit note issued on a later day than its refund, the day of the refund', async () => {
    const order = editionOrder({
      payment: 'refunded',
      paidAt: new Date('2026-03-02T10:00:00Z'),
      refundedAt: new Date('2026-03-20T10:00:00Z'),
    });
    const later = new Date('2026-11-28T12:00:00Z');
    issueInvoice(db, order.id, later);
    const credit = issueCreditNote(db, order.id, order.totalAmountCents, later);
    const model = credit ? issuedModel(db, credit) : null;
    if (!model) throw new Error('no credit note');
    const text = pdfText(await renderDocumentPdf(model, { compress: false }));
    expect(text).toContain('Date of issue: 28 November 2026');
    expect(text).toContain('Date of refund: 20 March 2026');
    expect(text).not.toContain('Date of supply');
  });

  it('is left out when the invoice is issued the day the order was paid (Irish time)', async () => {
    // 23:30 in Dublin's summer time is the next day in UTC: still the same Irish day.
    const paidAt = new Date('2026-07-01T22:30:00Z');
    const order = editionOrder({ paidAt });
    expect(dateOfSupply(new Date(paidAt.getTime() + 20 * 60 * 1000), paidAt)).toBeNull();
    expect(dateOfSupply(new Date(paidAt.getTime() + DAY), paidAt)).toEqual(paidAt);
    const doc = issueInvoice(db, order.id, new Date(paidAt.getTime() + 20 * 60 * 1000));
    const model = doc ? issuedModel(db, doc) : null;
    if (!model) throw new Error('no invoice');
    const text = pdfText(await renderDocumentPdf(model, { compress: false }));
    expect(text).toContain('Date of issue: 1 July 2026');
    expect(text).not.toContain('Date of supply');
  });
});
