// The mails after a payment, queued for the mail sender: the customer's
// confirmation (items, total incl. VAT, delivery times, the 14-day right of withdrawal) and the
// owner's notice, which for a test order say no payment was taken; and, when PayPal does not complete a payment it held, a notice to both (or to the
// owner alone when PayPal took another amount).
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DELIVERY_TEXT,
  orderMailTexts,
  queueOrderMails,
  queuePaymentNotCompletedMails,
  WITHDRAWAL_TEXT,
} from '~/lib/checkout/order-mail.server';
import { getOrderWithItems } from '~/lib/checkout/order-with-items.server';
import { refundMail, statusMail } from '~/lib/orders/order-status-mail.server';
import type { Db } from '~/lib/platform/server/db';
import { hasControlCharacter } from '~/lib/platform/shared/control-characters';
import { businessDetailsSchema } from '~/lib/site/business';
import { saveBusinessDetails } from '~/lib/site/business.server';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder } from '~tests/helpers/factories';
import { queuedMails } from '~tests/helpers/outbox';

tempDataDir('order-mail');

let db: Db;
beforeEach(() => {
  db = memoryDb();
});
/** The mails queued by the test. */
const newMails = () => queuedMails(db);

const paidOrder = (overrides: Parameters<typeof makeOrder>[1] = {}) =>
  makeOrder(db, {
    id: 'order-0000-abc123',
    payment: 'paid',
    paypalOrderId: 'PP5O190127TN364715T',
    paymentId: 'CAP27X9',
    items: [
      { quantity: 2, priceCents: 4500, description: 'Lough Tay, small (8x12 inches) matte' },
      { quantity: 1, priceCents: 15000, description: 'Bray Head, large (16x20 inches) gloss, framed' },
    ],
    ...overrides,
  });

describe('the mails of a paid order', () => {
  it('confirm the order to the customer with items, total, delivery times and withdrawal', () => {
    const order = paidOrder();
    queueOrderMails(db, order.id);
    const customer = newMails().find((m) => m.to === 'aoife@example.ie');
    expect(customer?.subject).toBe('Your order #ABC123 is confirmed');
    const text = customer?.text ?? '';
    expect(text).toMatch(
      /^Dear Aoife Byrne,\n\nThank you for your order #ABC123 \(order id order-0000-abc123\)/,
    );
    expect(text).toContain('- 2 × Lough Tay, small (8x12 inches) matte: €45.00 each, €90.00');
    expect(text).toContain('- 1 × Bray Head, large (16x20 inches) gloss, framed: €150.00 each, €150.00');
    expect(text).toContain('Total (incl. VAT): €240.00');
    expect(text).toContain('Delivery to:\n  12 Main Street\n  A67 X123 Wicklow\n  Ireland');
    for (const line of DELIVERY_TEXT) expect(text).toContain(line);
    expect(text).toContain(WITHDRAWAL_TEXT);
    expect(text.endsWith('\n\nWicklow Light Photography')).toBe(true);
  });

  it('are signed with the trading name of the business details once the owner sets one', () => {
    saveBusinessDetails(
      db,
      businessDetailsSchema.parse({
        legalName: 'Aoife Byrne',
        tradingName: 'Glen of the Downs Prints',
        addressLine1: '1 Main Street',
        town: 'Wicklow',
        country: 'IE',
        email: 'shop@example.ie',
      }),
    );
    queueOrderMails(db, paidOrder().id);
    const text = newMails().find((m) => m.to === 'aoife@example.ie')?.text ?? '';
    expect(text.endsWith('\n\nGlen of the Downs Prints')).toBe(true);
  });

  it('tell the owner who bought what, with the PayPal references, replying to the customer', () => {
    const order = paidOrder();
    queueOrderMails(db, order.id);
    const owner = newMails().find((m) => m.to === 'owner@example.com');
    expect(owner).toMatchObject({
      subject: 'New order #ABC123: €240.00',
      replyTo: 'aoife@example.ie',
    });
    expect(owner?.text).toContain('Customer: Aoife Byrne <aoife@example.ie>, +353 1 234 5678');
    expect(owner?.text).toContain('PayPal order PP5O190127TN364715T, capture CAP27X9');
    expect(owner?.text).toContain('Total (incl. VAT): €240.00');
    expect(newMails()).toHaveLength(2);
  });

  it('go to the owner only when the order has no customer address, and not at all for no order', () => {
    const order = paidOrder({ customerEmail: null });
    queueOrderMails(db, order.id);
    queueOrderMails(db, 'no-such-order');
    expect(newMails().map((m) => [m.to, m.replyTo])).toEqual([['owner@example.com', undefined]]);
  });

  it('use the same texts as orderMailTexts', () => {
    const order = paidOrder();
    const texts = orderMailTexts(getOrderWithItems(db, order.id)!, 'Wicklow Light Photography');
    expect(texts.ref).toBe('#ABC123');
    expect(texts.owner.split('\n')[0]).toBe('New paid order #ABC123 (order-0000-abc123)');
  });
});

describe('the mails of a test order (test mode: no money taken)', () => {
  it('tell the customer and the owner that no payment was taken, never that it was received', () => {
    const order = paidOrder({ payment: 'test' });
    queueOrderMails(db, order.id);
    const customer = newMails().find((m) => m.to === 'aoife@example.ie');
    expect(customer?.subject).toBe('Your test order #ABC123: no payment taken');
    expect(customer?.text).toContain(
      'Thank you for your order #ABC123 (order id order-0000-abc123). Test order — no payment taken: this shop is in test mode, and nothing was charged.',
    );
    expect(customer?.text).not.toContain('Your payment has been received');
    const owner = newMails().find((m) => m.to === 'owner@example.com');
    expect(owner?.subject).toBe('New test order #ABC123: €240.00');
    expect(owner?.text.split('\n')[0]).toBe('Test order — no payment taken: #ABC123 (order-0000-abc123)');
    expect(owner?.text).not.toContain('paid');
  });
});

describe('the mails of a payment PayPal did not complete', () => {
  it('tell the customer nothing is sent and nothing charged, and the owner not to send it', () => {
    const order = paidOrder({ payment: 'failed' });
    queuePaymentNotCompletedMails(db, order.id, 'not-completed');
    const mails = newMails();
    const customer = mails.find((m) => m.to === 'aoife@example.ie');
    expect(customer?.subject).toBe('Your payment for order #ABC123 was not completed');
    expect(customer?.text).toContain(
      'PayPal has not completed your payment of €240.00 for order #ABC123, so the order will not be sent.',
    );
    expect(customer?.text).toContain('You are not charged for it');
    const owner = mails.find((m) => m.to === 'owner@example.com');
    expect(owner?.subject).toBe('Payment not completed for order #ABC123');
    expect(owner?.text).toContain('PayPal did not complete the payment it was reviewing');
    expect(owner?.text).toContain('The order is marked as failed: do not send it.');
    expect(mails).toHaveLength(2);
  });

  it('tell only the owner, asking for a refund, when PayPal took another amount', () => {
    const order = paidOrder({ payment: 'failed' });
    queuePaymentNotCompletedMails(db, order.id, 'mismatch');
    const mails = newMails();
    expect(mails.map((m) => m.to)).toEqual(['owner@example.com']);
    expect(mails[0]?.text).toContain(
      "for another amount than the order's €240.00. Check it in PayPal and refund it.",
    );
  });
});

describe('the mails of an order stored with line breaks in its buyer (before the form refused them)', () => {
  const FORGED = 'Bcc: victim@example.com';
  /** Every line break and control character a stored field may hold. */
  const breaks: [string, string, boolean][] = [
    ['CR LF', '\r\n', true],
    ['LF', '\n', true],
    ['CR', '\r', true],
    ['U+2028', '\u2028', true],
    ['U+2029', '\u2029', true],
    ['NEL', '\u0085', false],
    ['VT', '\u000b', false],
    ['TAB', '\t', false],
  ];

  for (const [what, br, breaksLine] of breaks) {
    it(`forge no line of their own with ${what} in the name, phone and address`, () => {
      const order = paidOrder({
        customerName: `Eve${br}${FORGED}`,
        phoneNumber: `+353 1 234 5678${br}${FORGED}`,
        customerAddress: `12 Main Street${br}${FORGED}\nA67 X123 Wicklow\nIreland`,
      });
      queueOrderMails(db, order.id);
      queuePaymentNotCompletedMails(db, order.id, 'not-completed');
      const mails = newMails();
      expect(mails).toHaveLength(4);
      for (const mail of mails) {
        const lines = mail.text.split('\n');
        // No line starts with the forged header, and no control character is left but the line feed.
        expect(
          lines.filter((l) => l.startsWith('Bcc:')),
          mail.subject,
        ).toEqual([]);
        expect(
          [...mail.text].filter((ch) => ch !== '\n' && hasControlCharacter(ch)),
          mail.subject,
        ).toEqual([]);
      }
      const owner = mails.find((m) => m.subject.startsWith('New order'))?.text ?? '';
      expect(owner).toContain(`Customer: Eve ${FORGED} <aoife@example.ie>, +353 1 234 5678 ${FORGED}`);
      const customer = mails.find((m) => m.subject.endsWith('is confirmed'))?.text ?? '';
      expect(customer).toMatch(new RegExp(`^Dear Eve ${FORGED},\n`));
      // The address keeps its line breaks, each line inside its indented block; other controls are spaces.
      expect(customer).toContain(
        `Delivery to:\n  12 Main Street${breaksLine ? '\n  ' : ' '}${FORGED}\n  A67 X123`,
      );
    });
  }
});

describe('the status mails of such an order', () => {
  it('write the name, carrier and tracking number on one line each', () => {
    const order = {
      id: 'order-0000-abc123',
      customerName: 'Eve\r\nBcc: victim@example.com',
      customerEmail: 'aoife@example.ie',
      carrier: 'An Post\nBcc: a@example.com',
      trackingNumber: 'RX123\u2028Cc: b@example.com',
      totalAmountCents: 5300,
      itemTotalCents: 4500,
      shippingCents: 800,
      shippingZone: 'ie' as const,
      shippingVatRateBp: 2300,
      shippingVatCents: 150,
      discountCents: 0,
      discountCode: null,
      items: [
        {
          description: 'Lough Tay, small\nBcc: c@example.com',
          quantity: 1,
          priceCents: 4500,
          framingPriceCents: 0,
          discountCents: 0,
          vatRateBp: 2300,
          vatCents: 841,
          framingVatRateBp: null,
          framingVatCents: null,
          framingDiscountCents: 0,
        },
      ],
    };
    const mails = [
      statusMail(order, 'processing', 'Wicklow Light Photography'),
      statusMail(order, 'shipped', 'Wicklow Light Photography'),
      statusMail(order, 'cancelled', 'Wicklow Light Photography'),
      refundMail(order, 4500, 'Wicklow Light Photography'),
    ];
    for (const mail of mails) {
      const lines = mail?.text.split('\n') ?? [];
      expect(lines[0]).toBe('Dear Eve Bcc: victim@example.com,');
      expect(lines.filter((l) => /^(Bcc|Cc):/.test(l))).toEqual([]);
    }
    expect(mails[1]?.text).toContain(
      'Carrier: An Post Bcc: a@example.com\nTracking number: RX123 Cc: b@example.com',
    );
  });
});
