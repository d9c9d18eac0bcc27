// The schemas read Prodigi's answers in the shapes its v4 reference documents (outcomes in either
// case, nulls where a field is empty, fields they do not know) and refuse what is not one.
import { describe, expect, it } from 'vitest';
import {
  actionsAnswerSchema,
  callbackSchema,
  errorAnswerSchema,
  orderAnswerSchema,
  quoteAnswerSchema,
} from './prodigi-schemas';

/** An order in the documented shape, with the fields the client does not read. */
const documentedOrder = {
  id: 'ord_123456',
  created: '2026-11-02T10:00:00.12Z',
  lastUpdated: '2026-11-02T10:00:01.5Z',
  callbackUrl: null,
  merchantReference: 'W-1001',
  shippingMethod: 'Standard',
  idempotencyKey: null,
  status: {
    stage: 'InProgress',
    issues: [],
    details: {
      downloadAssets: 'NotStarted',
      printReadyAssetsPrepared: 'NotStarted',
      allocateProductionLocation: 'NotStarted',
      inProduction: 'NotStarted',
      shipping: 'NotStarted',
    },
  },
  charges: [],
  shipments: [],
  recipient: { name: 'A', email: null, phoneNumber: null, address: { line1: 'x', countryCode: 'IE' } },
  items: [{ id: 'ori_1', status: 'NotYetDownloaded', sku: 'GLOBAL-FAP-16X24', copies: 1 }],
  packingSlip: null,
  metadata: { anything: { nested: true } },
};

describe('Prodigi answer schemas', () => {
  it('read the documented order answer, its outcome in camelCase', () => {
    const parsed = orderAnswerSchema.parse({
      outcome: 'Created',
      order: documentedOrder,
      traceParent: '00-a-b-00',
    });
    expect(parsed.outcome).toBe('created');
    expect(parsed.order).toMatchObject({ id: 'ord_123456', merchantReference: 'W-1001', shipments: [] });
    expect(orderAnswerSchema.parse({ outcome: 'alreadyExists', order: documentedOrder }).outcome).toBe(
      'alreadyExists',
    );
  });

  it('read a shipment with tracking, and an issue with its payment authorisation', () => {
    const order = {
      ...documentedOrder,
      status: {
        stage: 'Complete',
        issues: [
          {
            objectId: 'ord_123456',
            errorCode: 'RequiresPaymentAuthorisation',
            description: 'Payment authorisation required',
            authorisationDetails: {
              authorisationUrl: 'https://x',
              paymentDetails: { amount: '1.00', currency: 'EUR' },
            },
          },
        ],
      },
      shipments: [
        {
          id: 'shp_1',
          status: 'Shipped',
          carrier: { name: 'An Post', service: 'Tracked' },
          tracking: { number: 'RR1IE', url: 'https://track' },
          dispatchDate: '2026-11-03T09:00:00Z',
          items: [{ itemId: 'ori_1' }],
          fulfillmentLocation: { countryCode: 'IE', labCode: 'ie1' },
        },
      ],
    };
    const parsed = orderAnswerSchema.parse({ outcome: 'Ok', order });
    expect(parsed.order.status.issues[0]).toEqual({
      objectId: 'ord_123456',
      errorCode: 'RequiresPaymentAuthorisation',
      description: 'Payment authorisation required',
    });
    expect(parsed.order.shipments[0]?.tracking).toEqual({ number: 'RR1IE', url: 'https://track' });
  });

  it('refuse an order without an ord_ id or a status', () => {
    expect(
      orderAnswerSchema.safeParse({ outcome: 'Ok', order: { ...documentedOrder, id: 42 } }).success,
    ).toBe(false);
    const { status: _status, ...noStatus } = documentedOrder;
    expect(orderAnswerSchema.safeParse({ outcome: 'Ok', order: noStatus }).success).toBe(false);
  });

  it('read quotes whose method is in lower case, and refuse a cost that is a number', () => {
    const quote = (amount: unknown) => ({
      outcome: 'Created',
      quotes: [
        {
          shipmentMethod: 'budget',
          costSummary: { items: { amount, currency: 'GBP' }, shipping: { amount: '1.50', currency: 'GBP' } },
          shipments: [
            {
              carrier: { name: 'royalmail', service: 'Standard' },
              fulfillmentLocation: { countryCode: 'GB', labCode: 'uk6' },
              cost: { amount: '1.50', currency: 'GBP' },
              items: ['qit_1'],
            },
          ],
          items: [],
        },
      ],
    });
    expect(quoteAnswerSchema.parse(quote('7.50')).quotes[0]?.shipmentMethod).toBe('Budget');
    expect(quoteAnswerSchema.safeParse(quote(7.5)).success).toBe(false);
  });

  it('read the actions answer, Yes or No', () => {
    const yes = { isAvailable: 'Yes' };
    const answer = { outcome: 'Ok', cancel: { isAvailable: 'No' }, changeRecipientDetails: yes };
    expect(
      actionsAnswerSchema.parse({ ...answer, changeShippingMethod: yes, changeMetaData: yes }).cancel,
    ).toEqual({
      isAvailable: 'No',
    });
    expect(
      actionsAnswerSchema.safeParse({ ...answer, changeShippingMethod: { isAvailable: true } }).success,
    ).toBe(false);
  });

  it('read the documented base error and a refusal with failures per field', () => {
    expect(
      errorAnswerSchema.parse({
        statusText: 'Something went wrong',
        statusCode: 400,
        data: {},
        traceParent: '00-x',
      }),
    ).toMatchObject({ statusText: 'Something went wrong', statusCode: 400 });
    const refusal = errorAnswerSchema.parse({
      outcome: 'ValidationFailed',
      failures: {
        'recipient.address.countryCode': [{ code: 'InvalidValue', description: null, providedValue: 'XX' }],
      },
    });
    expect(refusal.outcome).toBe('validationFailed');
    expect(refusal.failures?.['recipient.address.countryCode']?.[0]?.description).toBeNull();
  });

  it('read a CloudEvent whose data is the order, or the order id alone', () => {
    const event = {
      specversion: '1.0',
      type: 'com.prodigi.order.status.stage.changed#InProgress',
      source: 'https://api.sandbox.prodigi.com/v4.0/Orders/',
      id: 'evt_42',
      time: '2026-11-02T10:00:00Z',
      datacontenttype: 'application/json',
      subject: 'ord_123456',
    };
    expect(callbackSchema.parse({ ...event, data: { order: documentedOrder } }).data).toEqual({
      order: { id: 'ord_123456' },
    });
    expect(
      callbackSchema.parse({ ...event, data: { id: 'ord_123456', status: { stage: 'InProgress' } } }).data,
    ).toEqual({
      id: 'ord_123456',
    });
    expect(callbackSchema.safeParse({ ...event, id: '42', data: { id: 'ord_1' } }).success).toBe(false);
  });
});
