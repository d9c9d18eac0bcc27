// What the shop asks of a print lab, in plain types that name no lab: a quote of items and shipping
// per shipping method, the print areas of a product in pixels, an order created once per key, the
// order read back, cancelled, the actions it allows now, and a lab's unsigned status callback turned
// into the id of an order to read again. Prodigi is the first lab (prodigi-client.server.ts); what
// a second one would need is in docs/lab.md.
// Money is in integer cents of the currency the lab answers in.
import { LAB_SHIPPING_METHODS, LAB_SIZINGS, type ORDER_STATUSES } from '~db/enums';

export type ShopOrderStatus = (typeof ORDER_STATUSES)[number];

/** The lab's speeds of delivery, cheapest first. */
export const SHIPPING_METHODS = LAB_SHIPPING_METHODS;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

/**
 * How a picture meets a print area of another shape: cropped to fill it, shrunk to fit inside it
 * (leaving a white margin), or stretched.
 */
export const SIZINGS = LAB_SIZINGS;
export type Sizing = (typeof SIZINGS)[number];

export interface LabMoney {
  cents: number;
  /** Three-letter ISO code. */
  currency: string;
}

export interface QuoteRequest {
  /** Two-letter ISO code of the country the parcel goes to. */
  destinationCountryCode: string;
  /** The currency to quote in; the lab account's own when left out. */
  currency?: string;
  /** One method only; every method when left out. */
  shippingMethod?: ShippingMethod;
  items: { sku: string; copies: number; attributes?: Record<string, string>; printAreas: string[] }[];
}

export interface LabQuote {
  shippingMethod: ShippingMethod;
  items: LabMoney;
  shipping: LabMoney;
  /** Each parcel: who carries it and where it is made. */
  shipments: {
    carrier: string;
    service: string;
    madeInCountry: string;
    labCode: string;
    cost: LabMoney;
  }[];
}

/** A print area of one variant of a product, with the picture size it asks for. */
export interface PrintArea {
  name: string;
  required: boolean;
  /** The variant's attributes (a canvas's wrap, a frame's colour); empty when it has none. */
  attributes: Record<string, string>;
  widthPx: number;
  heightPx: number;
}

export interface LabAddress {
  line1: string;
  line2?: string;
  postalOrZipCode: string;
  /** Two-letter ISO code. */
  countryCode: string;
  townOrCity: string;
  stateOrCounty?: string;
}

export interface LabOrderRequest {
  /** The shop's order id, shown on the lab's side. */
  merchantReference: string;
  /** The same key never makes a second order: the lab answers with the first one. */
  idempotencyKey: string;
  shippingMethod: ShippingMethod;
  recipient: { name: string; email?: string; phone?: string; address: LabAddress };
  items: {
    merchantReference?: string;
    sku: string;
    copies: number;
    sizing: Sizing;
    attributes?: Record<string, string>;
    /** The picture of each print area, at a URL the lab can download; md5Hash lets it check the bytes. */
    assets: { printArea: string; url: string; md5Hash?: string }[];
  }[];
  /** Where the lab posts its status callbacks for this order. */
  callbackUrl?: string;
  /** A picture the lab prints and puts in the parcel (the certificates of limited-edition copies). */
  packingSlip?: { url: string };
  metadata?: Record<string, unknown>;
}

export interface LabShipment {
  status: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  dispatchDate: string | null;
}

export interface LabOrder {
  id: string;
  merchantReference: string | null;
  /** The lab's own word for where the order is (Prodigi: InProgress, Complete, Cancelled). */
  stage: string;
  /** What the lab says is wrong, as it says it (for the owner). */
  issues: { objectId: string | null; code: string; description: string }[];
  shipments: LabShipment[];
}

/** How a created order came back: new, new with issues, new but held, or the one of the same key. */
export type CreateOutcome = 'created' | 'createdWithIssues' | 'onHold' | 'alreadyExists';

export type CancelResult =
  | { cancelled: true; order: LabOrder }
  /** The lab would not cancel: it is in production or past the point of cancelling. */
  | { cancelled: false; outcome: string };

export interface AllowedActions {
  cancel: boolean;
  updateRecipient: boolean;
  updateShippingMethod: boolean;
  updateMetadata: boolean;
}

/**
 * What a callback is worth: the id of the order it names, never its contents. A callback carries
 * no signature, so anyone can post one; its order must be read again from the lab before anything
 * is believed.
 */
export type CallbackVerdict =
  | { ok: true; orderId: string; eventId: string; type: string }
  | { ok: false; reason: string };

/** A product's size in inches, short side first. */
export interface ProductInches {
  short: number;
  long: number;
}

export interface Lab {
  readonly name: string;
  quote(request: QuoteRequest): Promise<LabQuote[]>;
  productPrintAreas(sku: string): Promise<PrintArea[]>;
  /**
   * The product's print areas and its size (null when the lab gives none, or in a unit prints are
   * not measured in), from one answer.
   */
  product(
    sku: string,
  ): Promise<{ printAreas: PrintArea[]; inches: ProductInches | null; description: string | null }>;
  createOrder(request: LabOrderRequest): Promise<{ outcome: CreateOutcome; order: LabOrder }>;
  getOrder(id: string): Promise<LabOrder>;
  cancel(id: string): Promise<CancelResult>;
  allowedActions(id: string): Promise<AllowedActions>;
  parseCallback(body: string): CallbackVerdict;
}

/**
 * The lab could not be reached or did not answer in time, or answered with a server error: the
 * call may be made again later (with the same idempotency key for an order).
 */
export class LabUnavailableError extends Error {
  readonly code = 'LAB_UNAVAILABLE';
  constructor(
    readonly lab: string,
    readonly reason: 'timeout' | 'network' | 'server',
    detail: string,
  ) {
    super(`${lab} is unavailable (${reason}): ${detail}`);
  }
}

/** One reason the lab gave for refusing a request: the field, its code and the lab's sentence. */
export interface LabRefusalReason {
  field: string;
  code: string;
  description: string;
}

/**
 * The lab answered and refused: the request is wrong (its reasons kept for the owner), the key is
 * wrong, or the order is unknown. Making the same call again gives the same answer.
 */
export class LabRefusedError extends Error {
  readonly code = 'LAB_REFUSED';
  constructor(
    readonly lab: string,
    readonly status: number,
    /** The lab's outcome, in camelCase: validationFailed, entityNotFound, unauthorised… */
    readonly outcome: string,
    readonly reasons: LabRefusalReason[],
    readonly traceId: string | null,
  ) {
    const said = reasons.map((r) => `${r.field}: ${r.description || r.code}`).join('; ');
    super(`${lab} refused the request (${status} ${outcome})${said ? `: ${said}` : ''}`);
  }
}

/** The lab answered with something that is not in its documented format. */
export class LabAnswerError extends Error {
  readonly code = 'LAB_BAD_ANSWER';
  constructor(
    readonly lab: string,
    readonly status: number,
    detail: string,
  ) {
    super(`${lab} answered ${status} in an unexpected format: ${detail}`);
  }
}

const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code;
export const isLabUnavailable = (err: unknown): err is LabUnavailableError =>
  codeOf(err) === 'LAB_UNAVAILABLE';
export const isLabRefused = (err: unknown): err is LabRefusedError => codeOf(err) === 'LAB_REFUSED';
export const isLabAnswerError = (err: unknown): err is LabAnswerError => codeOf(err) === 'LAB_BAD_ANSWER';

/**
 * The shop's status for a lab order read from the lab, or null when the lab's stage says nothing
 * the shop can show (an unknown stage leaves the shop's status as it is).
 * An order in the lab's hands is being made ('processing') until every parcel has left
 * ('shipped'); the lab never learns of delivery, so 'delivered' stays the owner's to set.
 */
export function shopStatusForStage(stage: string): ShopOrderStatus | null {
  switch (stage.toLowerCase()) {
    case 'inprogress':
    case 'onhold':
    case 'draft':
    case 'awaitingpayment':
      return 'processing';
    case 'complete':
      return 'shipped';
    case 'cancelled':
      return 'cancelled';
    default:
      return null;
  }
}

/**
 * A callback's order as the lab has it now: the callback names the order, the lab is asked for
 * it. A callback for an order the lab does not know is refused (LabRefusedError from getOrder).
 */
export async function orderOfCallback(
  lab: Pick<Lab, 'parseCallback' | 'getOrder'>,
  body: string,
): Promise<{ ok: true; order: LabOrder } | { ok: false; reason: string }> {
  const verdict = lab.parseCallback(body);
  if (!verdict.ok) return verdict;
  return { ok: true, order: await lab.getOrder(verdict.orderId) };
}
