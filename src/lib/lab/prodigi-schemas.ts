// Prodigi Print API v4's formats, as its reference documents them: the order request, and every
// answer the client reads (order, quote, product details, actions, errors, the CloudEvents
// callback). The client parses each answer with these; the fake parses the requests it gets with
// the same schemas. Fields the client does not use are let through unread (Prodigi adds fields
// without a new version); a field it uses in another shape is refused.
import { z } from 'zod';
import { SHIPPING_METHODS, SIZINGS } from './lab';

/** Prodigi's ids: a three-letter prefix and an underscore (ord_840796, evt_305174). */
export const PRODIGI_ORDER_ID = /^ord_[A-Za-z0-9]{1,40}$/;
const EVENT_ID = /^evt_[A-Za-z0-9]{1,40}$/;

/** A decimal as a string ("7.50"), negative for a credit. */
const decimal = z.string().regex(/^-?\d{1,9}(\.\d{1,4})?$/, 'a decimal amount as a string');
export const costSchema = z.object({ amount: decimal, currency: z.string().regex(/^[A-Z]{3}$/) });

/**
 * Outcomes are PascalCase in Prodigi's examples ("Created", "Ok") and camelCase in its tables
 * ("alreadyExists"): both are read, as camelCase.
 */
export const outcomeSchema = z
  .string()
  .regex(/^[A-Za-z]{1,60}$/, 'an outcome word')
  .transform((s) => s.charAt(0).toLowerCase() + s.slice(1));

const text = z.string().max(2000);
const maybe = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? null);

export const statusSchema = z.object({
  stage: z.string().regex(/^[A-Za-z]{1,40}$/, 'a stage word'),
  issues: z
    .array(
      z.object({
        objectId: maybe(text),
        errorCode: text,
        description: maybe(text),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
  details: z.record(z.string(), z.string()).nullish(),
});

export const shipmentSchema = z.object({
  id: maybe(text),
  status: maybe(text),
  carrier: maybe(z.object({ name: maybe(text), service: maybe(text) })),
  tracking: maybe(z.object({ number: maybe(text), url: maybe(text) })),
  dispatchDate: maybe(text),
  fulfillmentLocation: maybe(z.object({ countryCode: maybe(text), labCode: maybe(text) })),
});

export const orderSchema = z.object({
  id: z.string().regex(PRODIGI_ORDER_ID, 'a Prodigi order id (ord_…)'),
  created: maybe(text),
  merchantReference: maybe(text),
  shippingMethod: maybe(text),
  idempotencyKey: maybe(text),
  callbackUrl: maybe(text),
  status: statusSchema,
  shipments: z
    .array(shipmentSchema)
    .nullish()
    .transform((v) => v ?? []),
});
export type ProdigiOrder = z.output<typeof orderSchema>;

/** The answer of create, get, cancel and the update actions. */
export const orderAnswerSchema = z.object({ outcome: outcomeSchema, order: orderSchema });
/** The answer of an action: the order when it was done, the outcome alone otherwise. */
export const actionAnswerSchema = z.object({ outcome: outcomeSchema, order: orderSchema.nullish() });

const quoteMethod = z
  .string()
  .transform((s) => SHIPPING_METHODS.find((m) => m.toLowerCase() === s.toLowerCase()))
  .pipe(z.enum(SHIPPING_METHODS, 'Budget, Standard, Express or Overnight'));

export const quoteAnswerSchema = z.object({
  outcome: outcomeSchema,
  quotes: z.array(
    z.object({
      shipmentMethod: quoteMethod,
      costSummary: z.object({ items: costSchema, shipping: costSchema }),
      shipments: z.array(
        z.object({
          carrier: z.object({ name: text, service: text }),
          fulfillmentLocation: z.object({ countryCode: text, labCode: text }),
          cost: costSchema,
          items: z.array(text),
        }),
      ),
    }),
  ),
});

const pixels = z.number().int().positive().max(1_000_000);
export const productAnswerSchema = z.object({
  outcome: outcomeSchema,
  product: z.object({
    sku: text,
    description: maybe(text),
    attributes: z.record(z.string(), z.array(z.string())).nullish(),
    /** The product's size; absent on products that have none (a phone case). */
    productDimensions: z
      .object({ width: z.number().positive(), height: z.number().positive(), units: text })
      .nullish(),
    printAreas: z.record(z.string(), z.object({ required: z.boolean() })),
    variants: z.array(
      z.object({
        attributes: z.record(z.string(), z.string()).nullish(),
        shipsTo: z.array(z.string()).nullish(),
        printAreaSizes: z.record(
          z.string(),
          z.object({ horizontalResolution: pixels, verticalResolution: pixels }),
        ),
      }),
    ),
  }),
});

const availability = z.object({ isAvailable: z.enum(['Yes', 'No']) });
export const actionsAnswerSchema = z.object({
  outcome: outcomeSchema,
  cancel: availability,
  changeRecipientDetails: availability,
  changeShippingMethod: availability,
  changeMetaData: availability,
});

/**
 * An error answer. The documented base error is statusText, statusCode, data and traceParent;
 * a refused order also carries its outcome and, per field, its failures.
 */
export const errorAnswerSchema = z.object({
  outcome: outcomeSchema.nullish(),
  failures: z
    .record(
      z.string(),
      z.array(z.object({ code: text, description: maybe(text), providedValue: z.unknown().optional() })),
    )
    .nullish(),
  statusText: maybe(text),
  statusCode: z.number().int().nullish(),
  traceParent: maybe(text),
});

/** Each callback is a CloudEvent 1.0 whose data is the order as it was when the event was made. */
export const callbackSchema = z.object({
  specversion: z.literal('1.0'),
  type: z.string().regex(/^com\.prodigi\.[A-Za-z.]+(#[A-Za-z]+)?$/, 'a com.prodigi event type'),
  source: z.string().max(200),
  id: z.string().regex(EVENT_ID, 'an event id (evt_…)'),
  time: z.string().max(40),
  subject: z.string().max(60).nullish(),
  data: z.union([
    z.object({ order: z.object({ id: z.string().regex(PRODIGI_ORDER_ID) }) }),
    z.object({ id: z.string().regex(PRODIGI_ORDER_ID) }),
  ]),
});

const required = (what: string) => z.string().trim().min(1, `${what} is required`).max(200);

/** The body of POST /orders. */
export const orderRequestSchema = z.object({
  merchantReference: z.string().max(100).optional(),
  idempotencyKey: z.string().min(1).max(200).optional(),
  shippingMethod: z.enum(SHIPPING_METHODS),
  callbackUrl: z.url().optional(),
  recipient: z.object({
    name: required('The recipient name'),
    email: z.email().nullish(),
    phoneNumber: z.string().max(40).nullish(),
    address: z.object({
      line1: required('Address line 1'),
      line2: z.string().max(200).nullish(),
      postalOrZipCode: required('The postcode'),
      countryCode: z.string().regex(/^[A-Z]{2}$/, 'a two-letter ISO country code'),
      townOrCity: required('The town or city'),
      stateOrCounty: z.string().max(200).nullish(),
    }),
  }),
  items: z
    .array(
      z.object({
        merchantReference: z.string().max(100).optional(),
        sku: z.string().min(1).max(100),
        copies: z.number().int().min(1).max(1000),
        sizing: z.enum(SIZINGS),
        attributes: z.record(z.string(), z.string()).optional(),
        assets: z
          .array(
            z.object({
              printArea: z.string().min(1).max(50),
              url: z.url(),
              md5Hash: z
                .string()
                .regex(/^[0-9a-f]{32}$/i)
                .optional(),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
  /** A picture the lab prints and puts in the parcel; status is the lab's, in its answers. */
  packingSlip: z.object({ url: z.url(), status: z.string().max(40).nullish() }).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type ProdigiOrderRequest = z.input<typeof orderRequestSchema>;

/** The body of POST /quotes. */
export const quoteRequestSchema = z.object({
  shippingMethod: z.string().optional(),
  destinationCountryCode: z.string().regex(/^[A-Z]{2}$/, 'a two-letter ISO country code'),
  currencyCode: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  items: z
    .array(
      z.object({
        sku: z.string().min(1).max(100),
        copies: z.number().int().min(1).max(1000),
        attributes: z.record(z.string(), z.string()).optional(),
        assets: z.array(z.object({ printArea: z.string().min(1).max(50) })).min(1),
      }),
    )
    .min(1),
});
export type ProdigiQuoteRequest = z.input<typeof quoteRequestSchema>;

/** Where a zod refusal went wrong, in one line: "order.id: a Prodigi order id (ord_…)". */
export function issuesLine(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`)
    .join('; ');
}
