// One zod schema per payload, shared by the form and the endpoint, so the two never disagree.
import { z } from 'zod';
import {
  CUSTOMER_RULES,
  type CustomerFieldRule,
  hasControlCharacter,
  oneLineMessage,
} from '~/lib/checkout/customer';
import { placeholdersOf } from '~/lib/content/content-defaults';
import { isLinkKey, webLink } from '~/lib/content/links';
import { unknownPlaceholderMessage, unknownPlaceholders } from '~/lib/content/placeholders';
import { joinKeywords, splitKeywords } from '~/lib/photos/keywords';
import { eurosToCents, MAX_PRICE_CENTS } from '~/lib/shop/pricing';
import {
  BACKGROUND_SECTIONS,
  COMPOSITION_TIP_TYPES,
  DRONE_MEDIA_TYPES,
  FINISHES,
  type Finish,
  MAX_LINE_QUANTITY,
  MAX_ORDER_PRINTS,
  ORDER_STATUSES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHOTO_CATEGORIES,
  PRINT_SIZES,
  type PrintSize,
  UPLOAD_PURPOSES,
} from './constants';

export const signInSchema = z.object({
  email: z.email({ error: 'Please enter a valid email address' }).trim().toLowerCase(),
  password: z.string().min(1, 'Please enter your password').max(256),
  next: z.string().optional(),
});

/** Control characters (C0, DEL, C1), whitespace and invisible marks: browsers drop some inside URLs. */
function hasControlOrSpace(s: string): boolean {
  return /[\s\u200b-\u200f\u2060\ufeff]/.test(s) || hasControlCharacter(s);
}
const MAX_TARGET_LENGTH = 2048;
const PROBE_ORIGIN = 'http://x.invalid';

/** A path that starts with exactly one slash and no backslash anywhere in it. */
const isPlainPath = (s: string) => s.startsWith('/') && s[1] !== '/' && !s.includes('\\');

/**
 * Only same-site paths are followed after sign-in, never another origin. The target must start with
 * exactly one `/`, hold no backslash, control character or whitespace (raw or percent-decoded; a bad
 * percent-encoding is refused), and resolve to this site. The answer is the target as the URL parser
 * writes it (so it always fits a Location header). Anything else gives the fallback.
 */
export function safeNextPath(next: string | undefined | null, fallback = '/admin'): string {
  if (typeof next !== 'string' || next.length > MAX_TARGET_LENGTH) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(next);
  } catch {
    return fallback;
  }
  for (const form of [next, decoded]) {
    if (!isPlainPath(form) || hasControlOrSpace(form)) return fallback;
  }
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  const target = url.pathname + url.search + url.hash;
  // Dot segments can collapse into `//host` (as in `/.//evil.example`): judge what is sent.
  if (url.origin !== PROBE_ORIGIN || !isPlainPath(target) || target.length > MAX_TARGET_LENGTH) {
    return fallback;
  }
  return target;
}

// ---- media and uploads

export const uploadRequestSchema = z.object({
  purpose: z.enum(UPLOAD_PURPOSES, { error: 'Unknown upload purpose.' }).default('image'),
});

const formBoolean = z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean());
const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max, `${label} must be at most ${max} characters`).optional(),
  );

/** The photo dialog's fields (POST/PUT /api/admin/photos); the image file travels beside them. */
export const photoFormSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  description: optionalText(2000, 'Description'),
  category: z.enum(PHOTO_CATEGORIES, { error: 'Please choose a category' }).default('coastal'),
  location: optionalText(200, 'Location'),
  /** Comma-separated; kept as "a, b, c", each word once. */
  keywords: optionalText(1000, 'Keywords')
    .transform((v) => (v ? joinKeywords(splitKeywords(v)) || undefined : undefined))
    .optional(),
  imageUrl: optionalText(500, 'Image URL'),
  featured: formBoolean.default(false),
});
export type PhotoForm = z.infer<typeof photoFormSchema>;

/**
 * POST /api/drone-media: a sample photo or video on the drone page. The url is the one the
 * file was uploaded to (the signed URL or /objects/uploads/{id}); the server checks that it is the
 * owner's upload of the right kind and stores the address it is served from.
 */
export const droneMediaSchema = z.object({
  type: z.enum(DRONE_MEDIA_TYPES, { error: 'The type must be photo or video' }),
  url: z
    .string({ error: 'Please upload a file first' })
    .trim()
    .min(1, 'Please upload a file first')
    .max(500, 'The file address is too long'),
  title: optionalText(200, 'Title'),
  description: optionalText(1000, 'Description'),
  isActive: z.boolean().optional(),
});

// ---- admin: orders, their status and refunds

export const ORDERS_PAGE_SIZE = 10;
export const ORDERS_PAGE_SIZE_MAX = 50;
export const ORDER_STATUS_FILTERS = ['all', ...ORDER_STATUSES] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

/** An empty query value means "not given". */
const queryValue = (v: unknown) => (v === '' || v === null ? undefined : v);
const positiveInt = (label: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(1, `${label} must be at least 1`).max(max, `${label} must be at most ${max}`));

/** GET /api/orders?page&limit&search&status: the owner's order list, page by page. */
export const ordersQuerySchema = z.object({
  page: z.preprocess(queryValue, positiveInt('page', 100_000).default(1)),
  limit: z.preprocess(queryValue, positiveInt('limit', ORDERS_PAGE_SIZE_MAX).default(ORDERS_PAGE_SIZE)),
  search: z.preprocess(
    queryValue,
    z.string().trim().max(200, 'search must be at most 200 characters').default(''),
  ),
  status: z.preprocess(
    queryValue,
    z
      .enum(ORDER_STATUS_FILTERS, { error: `status must be one of: ${ORDER_STATUS_FILTERS.join(', ')}` })
      .default('all'),
  ),
});
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

const shippingDetail = (label: string) =>
  z.preprocess(
    (v) => ((typeof v === 'string' && v.trim() === '') || v === null ? undefined : v),
    z
      .string()
      .trim()
      .max(100, `${label} must be at most 100 characters`)
      .refine((v) => !hasControlCharacter(v), oneLineMessage(label))
      .optional(),
  );

/**
 * PATCH /api/orders/{id}/status and PUT /api/admin/orders/{id}/status. Carrier and tracking number
 * are kept only with the shipped status; notifyCustomer defaults to true.
 */
export const orderStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of: ${ORDER_STATUSES.join(', ')}` }),
  carrier: shippingDetail('Carrier'),
  trackingNumber: shippingDetail('Tracking number'),
  notifyCustomer: z.boolean({ error: 'notifyCustomer must be true or false' }).default(true),
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** POST /api/admin/orders/{id}/refund: a full refund of the order's PayPal capture. */
export const refundOrderSchema = z.object({
  notifyCustomer: z.boolean({ error: 'notifyCustomer must be true or false' }).default(true),
});

/** A PayPal capture id (the same alphabet as order ids), validated before it goes into any URL. */
export const PAYPAL_CAPTURE_ID = /^[A-Z0-9]{1,36}$/;

// ---- public site

/**
 * No line break nor other control character in anything that reaches a mail header or a line of
 * a mail of its own (the names of an enquiry): see hasControlCharacter.
 */
const singleLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !hasControlCharacter(v), oneLineMessage(label));

export const CONTACT_MESSAGE_MAX = 5000;
export const SERVICE_INTERESTS = ['drone', 'prints', 'general'] as const;
export type ServiceInterest = (typeof SERVICE_INTERESTS)[number];
/** The contact form's options, labelled as the owner wrote them. */
export const SERVICE_INTEREST_LABELS: Record<ServiceInterest, string> = {
  drone: 'Drone Photography/Video',
  prints: 'Custom Print Order',
  general: 'General Inquiry',
};

export const contactSchema = z.object({
  firstName: singleLine('First name', 100),
  lastName: singleLine('Last name', 100),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email({ error: 'Please enter a valid email address' }))
    .transform((v) => v.toLowerCase()),
  // An empty select means "no interest given".
  serviceInterest: z
    .union([z.enum(SERVICE_INTERESTS), z.literal('')])
    .optional()
    .nullable()
    .transform((v) => v || undefined),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(
      CONTACT_MESSAGE_MAX,
      `Message must be at most ${CONTACT_MESSAGE_MAX.toLocaleString('en-IE')} characters`,
    ),
});
export type ContactData = z.output<typeof contactSchema>;

export const CONTENT_MAX = 5000;
/**
 * PUT /api/website-content: one editable block (section + key), upserted. A link block (its key
 * ends in "Url") holds an http(s) address or nothing: never javascript: or any other scheme. A block
 * that takes placeholders (the copyright line's {year}) names no others.
 */
export const websiteContentSchema = z
  .object({
    section: z.string().trim().min(1, 'section is required').max(40),
    key: z.string().trim().min(1, 'key is required').max(40),
    content: z.string().max(CONTENT_MAX, `content must be at most ${CONTENT_MAX} characters`),
  })
  .superRefine(({ section, key, content }, ctx) => {
    if (isLinkKey(key) && content.trim() !== '' && webLink(content) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['content'],
        message: 'A link must be a web address starting with https:// or http://.',
      });
    }
    const known = placeholdersOf(section, key);
    const unknown = known ? unknownPlaceholders(content, known) : [];
    if (known && unknown.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['content'],
        message: unknownPlaceholderMessage('The text', unknown, known),
      });
    }
  });
// ---- shop and checkout
// The checkout form, shared by the form (react-hook-form + zodResolver, validated on
// change) and the capture endpoint. Messages are the owner's, word for word.

/** A customer field's zod schema, built from its rules in lib/checkout/customer.ts. */
function customerField(rule: CustomerFieldRule): z.ZodType<string> {
  let s = rule.email !== undefined ? z.email({ error: rule.email }).trim() : z.string().trim();
  s = s.refine((v) => !hasControlCharacter(v), rule.oneLine);
  if (rule.min) s = s.min(rule.min.length, rule.min.message);
  s = s.max(rule.max);
  if (rule.pattern) s = s.regex(rule.pattern.re, rule.pattern.message);
  return s;
}

export const customerDataSchema = z.object({
  name: customerField(CUSTOMER_RULES.name),
  email: customerField(CUSTOMER_RULES.email),
  phone: customerField(CUSTOMER_RULES.phone),
  street: customerField(CUSTOMER_RULES.street),
  city: customerField(CUSTOMER_RULES.city),
  postalCode: customerField(CUSTOMER_RULES.postalCode),
  country: customerField(CUSTOMER_RULES.country),
});
export type CustomerData = z.infer<typeof customerDataSchema>;

export const MAX_ORDER_LINES = 50;

/** The refusals of the quantity caps, shared by the schema and the server's pricing. */
export const perPrintCapMessage = (what?: string) =>
  `You can order at most ${MAX_LINE_QUANTITY} copies of one print${what ? ` (${what})` : ''}. Please lower the quantity.`;
export const ORDER_PRINTS_CAP_MESSAGE = `An order can hold at most ${MAX_ORDER_PRINTS} prints. Please split it into smaller orders.`;

/** One chosen print as the browser sends it: no price, ever. */
export const orderLineSchema = z.object({
  variantId: z.string().trim().min(1, 'A print is missing its variant').max(64),
  framing: z.enum(PRINT_SIZES).nullable().default(null),
  quantity: z
    .number()
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, perPrintCapMessage()),
});
export type OrderLineInput = z.infer<typeof orderLineSchema>;

/**
 * POST /api/paypal/order. A client may send amount, currency and intent; `amount` is accepted and
 * dropped (z.object strips it): the server prices every line from the database.
 */
export const createOrderSchema = z.object({
  lines: z
    .array(orderLineSchema)
    .min(1, 'Your cart is empty')
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} different prints per order`)
    // The per-print cap after combining lines needs the print's title: the server's pricing checks it.
    .refine(
      (lines) => lines.reduce((n, l) => n + l.quantity, 0) <= MAX_ORDER_PRINTS,
      ORDER_PRINTS_CAP_MESSAGE,
    ),
  currency: z.literal('EUR', { error: 'Only EUR is accepted' }).default('EUR'),
  intent: z
    .string()
    .transform((s) => s.toUpperCase())
    .pipe(z.literal('CAPTURE', { error: 'Only the CAPTURE intent is accepted' }))
    .default('CAPTURE'),
});

/** POST /api/paypal/order/{id}/capture. cartItems are informative only: the order was priced at creation. */
export const captureOrderSchema = z.object({
  customerData: customerDataSchema.optional(),
  cartItems: z.array(z.unknown()).max(MAX_ORDER_LINES).optional(),
});

/** A PayPal order id (PayPal's own pattern), validated before it goes into any URL. */
export const PAYPAL_ORDER_ID = /^[A-Z0-9]{1,36}$/;

// ---- composition analysis

/** POST /api/analyze-composition: the photo as base64, without a data: prefix. */
export const analyzeCompositionSchema = z.object({
  image: z
    .string({ error: 'Please choose a photo first' })
    .min(1, 'Please choose a photo first')
    .refine((v) => !v.startsWith('data:'), 'Send the image as plain base64, without the data: prefix')
    .refine((v) => v.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(v), 'The image is not valid base64'),
});

const score = z.number().min(0).max(10);
const sentence = z.string().trim().min(1).max(1000);

const fraction = z.number().min(0).max(1);
/** Where thirds intersections are named: the point nearest the main subject, or the centre. */
export const THIRDS_POINTS = ['upper left', 'upper right', 'lower left', 'lower right', 'centre'] as const;
export type ThirdsPoint = (typeof THIRDS_POINTS)[number];
export const EXPOSURE_LABELS = ['under', 'good', 'over'] as const;
export type ExposureLabel = (typeof EXPOSURE_LABELS)[number];

/**
 * What the local analyser measured, for drawing over the preview: positions are fractions of the
 * frame's width and height from its top left corner. Sent beside the analysis, whichever critic wrote it.
 */
export const compositionMeasurementsSchema = z.object({
  /** The detected horizon from the left edge to the right edge; null when none was found. */
  horizon: z
    .object({
      x1: z.number(),
      y1: z.number(),
      x2: z.number(),
      y2: z.number(),
      /** Degrees; positive when the line falls towards the right. */
      tilt: z.number().min(-90).max(90),
    })
    .nullable(),
  /** The region that stands out most; null when nothing does. */
  salientBox: z.object({ x: fraction, y: fraction, width: fraction, height: fraction }).nullable(),
  /** The thirds intersection (or the centre) nearest the main subject; null when there is none. */
  thirdsPoint: z.enum(THIRDS_POINTS).nullable(),
  exposure: z.object({
    label: z.enum(EXPOSURE_LABELS),
    /** Share of the pixels in each of 32 equal bands of brightness, darkest first. */
    histogram: z.array(fraction).length(32),
  }),
});
export type CompositionMeasurements = z.infer<typeof compositionMeasurementsSchema>;

/**
 * The composition analysis: the answer of POST /api/analyze-composition, whether it comes from the
 * local analyser or a vision model (whose output is checked against this same schema).
 */
export const compositionAnalysisSchema = z.object({
  overallScore: score,
  summary: sentence,
  strengths: z.array(sentence).max(20),
  improvements: z.array(sentence).max(20),
  compositionElements: z.record(z.string().trim().min(1).max(80), z.object({ score, feedback: sentence })),
  tips: z.array(sentence).max(20),
  measurements: compositionMeasurementsSchema.optional(),
});
export type CompositionAnalysis = z.infer<typeof compositionAnalysisSchema>;

/** GET and POST /api/admin/photos/{id}/analysis: the photo, and its kept analysis with its date (or null). */
export const photoAnalysisResponseSchema = z.object({
  photo: z.object({
    id: z.string(),
    title: z.string(),
    imageUrl: z.string(),
    category: z.enum(PHOTO_CATEGORIES),
  }),
  kept: z.object({ analysis: compositionAnalysisSchema, analysedAt: z.string() }).nullable(),
});
export type PhotoAnalysisResponse = z.infer<typeof photoAnalysisResponseSchema>;

/** GET /api/composition-tips?type=landscape. */
export const compositionTipsQuerySchema = z.object({
  type: z
    .enum(COMPOSITION_TIP_TYPES, { error: `The type must be one of: ${COMPOSITION_TIP_TYPES.join(', ')}` })
    .default('landscape'),
});

// ---- admin: prices, framing, print fit, payments and enquiries
// Prices arrive in euros (a number or a numeric string) and leave the schema in integer cents. Every
// entry is checked before anything is saved, and a bad one is named in a plain message.

const MAX_PRICE_UPDATES = 50;
const PRICE_RULE = `a number of euros from 0 to ${MAX_PRICE_CENTS / 100} with at most 2 decimals`;
const isOneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);
const shown = (v: unknown) => (JSON.stringify(v) ?? 'nothing').slice(0, 40);
const unknownSize = (v: unknown) => `Unknown print size ${shown(v)}: use ${PRINT_SIZES.join(', ')}.`;
const priceUpdates = <T extends z.ZodRawShape>(entry: T, shape: string) =>
  z.object({
    updates: z
      .array(z.object(entry), { error: `Expected a list of ${shape}` })
      .min(1, 'No prices were given.')
      .max(MAX_PRICE_UPDATES, `At most ${MAX_PRICE_UPDATES} prices at once.`),
  });

/** PUT /api/admin/pricing: new prices of prints per size and finish, for every photo. */
export const printPricingSchema = priceUpdates(
  { size: z.unknown().optional(), finish: z.unknown().optional(), price: z.unknown().optional() },
  '{ size, finish, price }',
).transform(({ updates }, ctx) => {
  const seen = new Set<string>();
  const out: { size: PrintSize; finish: Finish; priceCents: number }[] = [];
  for (const { size, finish, price } of updates) {
    let problem: string | null = null;
    const priceCents = eurosToCents(price);
    if (!isOneOf(PRINT_SIZES, size)) problem = unknownSize(size);
    else if (!isOneOf(FINISHES, finish))
      problem = `Unknown finish ${shown(finish)} for ${size} prints: use ${FINISHES.join(' or ')}.`;
    else if (seen.has(`${size}/${finish}`)) problem = `The price of ${size} ${finish} prints is given twice.`;
    else if (priceCents === null)
      problem = `The price of ${size} ${finish} prints must be ${PRICE_RULE} (got ${shown(price)}).`;
    if (
      problem !== null ||
      priceCents === null ||
      !isOneOf(PRINT_SIZES, size) ||
      !isOneOf(FINISHES, finish)
    ) {
      ctx.addIssue({ code: 'custom', message: problem ?? 'Invalid price.' });
      return z.NEVER;
    }
    seen.add(`${size}/${finish}`);
    out.push({ size, finish, priceCents });
  }
  return { updates: out };
});
export type PrintPriceUpdate = z.output<typeof printPricingSchema>['updates'][number];

/** PUT /api/admin/framing-pricing: new frame prices per print size. */
export const framingPricingSchema = priceUpdates(
  { size: z.unknown().optional(), price: z.unknown().optional() },
  '{ size, price }',
).transform(({ updates }, ctx) => {
  const seen = new Set<string>();
  const out: { size: PrintSize; priceCents: number }[] = [];
  for (const { size, price } of updates) {
    const priceCents = eurosToCents(price);
    let problem: string | null = null;
    if (!isOneOf(PRINT_SIZES, size)) problem = unknownSize(size);
    else if (seen.has(size)) problem = `The frame price of ${size} prints is given twice.`;
    else if (priceCents === null)
      problem = `The frame price of ${size} prints must be ${PRICE_RULE} (got ${shown(price)}).`;
    if (problem !== null || priceCents === null || !isOneOf(PRINT_SIZES, size)) {
      ctx.addIssue({ code: 'custom', message: problem ?? 'Invalid price.' });
      return z.NEVER;
    }
    seen.add(size);
    out.push({ size, priceCents });
  }
  return { updates: out };
});
export type FramingPriceUpdate = z.output<typeof framingPricingSchema>['updates'][number];

export const ENQUIRY_FILTERS = ['unhandled', 'all'] as const;
export type EnquiryFilter = (typeof ENQUIRY_FILTERS)[number];

/** GET /api/admin/enquiries?filter=unhandled|all (unhandled when absent). */
export const enquiriesQuerySchema = z.object({
  filter: z.enum(ENQUIRY_FILTERS, { error: 'The filter must be unhandled or all.' }).default('unhandled'),
});

/** PATCH /api/admin/enquiries/{id}: mark an enquiry handled, or waiting again. */
export const enquiryHandledSchema = z.object({
  handled: z.boolean({ error: 'handled must be true or false.' }),
});

// ---- mail queue: mails that could not be delivered

/** A mail the site could not deliver, as GET /api/admin/mail/failed answers it. */
export const failedMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  /** ISO times: when it was queued, and when it was given up. */
  queuedAt: z.string(),
  failedAt: z.string().nullable(),
  attempts: z.number().int(),
  reason: z.string(),
});
export type FailedMail = z.infer<typeof failedMailSchema>;

/** POST /api/admin/mail/{id}/retry: the id of a failed mail. */
export const mailRetrySchema = z.object({ id: z.uuid({ error: 'No such mail.' }) });

// ---- admin: photos tab (hero, hide and show, delete, featured order)

/** PUT /api/admin/photos/{id}/visibility: hide a photo from the site, or show it again. */
export const photoVisibilitySchema = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false.' }),
});

/** PUT /api/admin/photos/featured-order: the featured photos' ids in the order the home page shows them. */
export const featuredOrderSchema = z.object({
  ids: z
    .array(z.string({ error: 'Each id must be text.' }).min(1).max(64), {
      error: 'ids must be a list of photo ids.',
    })
    .max(500, 'At most 500 photos can be put in order.'),
});

// ---- admin: videos tab and drone samples

// ---- admin: backgrounds and the background editor

const SITE_MEDIA_PATH = /^\/media\/[A-Za-z0-9_-]{8,64}\/[A-Za-z0-9._-]+$/;
const SITE_OBJECT_PATH = /^\/objects\/uploads\/[A-Za-z0-9_-]{8,64}$/;
const OWN_OR_HTTPS = 'Use an image of this site (/media/… or /objects/uploads/…) or an https:// address.';

/**
 * Why an image address cannot be a background, or null when it can: one of this site's own images
 * (/media/{id}/… or /objects/uploads/{id}), or an https: address without a user name or password
 * (the server then fetches and checks it). javascript:, data:, plain http: and every other scheme
 * are refused.
 */
export function backgroundUrlProblem(value: string): string | null {
  if (hasControlOrSpace(value)) return 'The image address must not contain spaces or control characters.';
  if (value.startsWith('/')) {
    return SITE_MEDIA_PATH.test(value) || SITE_OBJECT_PATH.test(value)
      ? null
      : `That address is not an image of this site. ${OWN_OR_HTTPS}`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `The image address is not a valid URL. ${OWN_OR_HTTPS}`;
  }
  if (url.protocol === 'http:') return 'Plain http:// addresses are not allowed: use https://.';
  if (url.protocol !== 'https:') return `${url.protocol} addresses are not allowed. ${OWN_OR_HTTPS}`;
  if (url.username || url.password) return 'The image address must not contain a user name or password.';
  return null;
}

/** PUT /api/background-images and the background editor's form: one section's background. */
export const backgroundImageSchema = z.object({
  section: z.enum(BACKGROUND_SECTIONS, {
    error: 'The section must be hero, about, gallery, contact or shop.',
  }),
  imageUrl: z
    .string({ error: 'Please enter an image URL' })
    .trim()
    .min(1, 'Please enter an image URL')
    .max(2048, 'The image address is too long')
    .superRefine((value, ctx) => {
      const problem = backgroundUrlProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  altText: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string().trim().max(300, 'Alt text must be at most 300 characters').optional(),
  ),
});
export type BackgroundImageInput = z.infer<typeof backgroundImageSchema>;

// ---- admin: profile (bio picture, password)

/** PUT /api/admin/bio-picture: the address of the owner's own upload to show in the about section. */
export const bioPictureSchema = z.object({
  bioPictureURL: z
    .string({ error: 'Please upload a picture first.' })
    .trim()
    .min(1, 'Please upload a picture first.')
    .max(2048, 'That picture address is too long.'),
});
export type BioPictureInput = z.infer<typeof bioPictureSchema>;

/** POST /api/admin/password: the current password, and the new one typed twice. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Please enter your current password.' })
      .min(1, 'Please enter your current password.')
      .max(PASSWORD_MAX_LENGTH, 'That is not your current password.'),
    newPassword: z
      .string({ error: 'Please enter a new password.' })
      .min(PASSWORD_MIN_LENGTH, `The new password must have at least ${PASSWORD_MIN_LENGTH} characters.`)
      .max(PASSWORD_MAX_LENGTH, `The new password must have at most ${PASSWORD_MAX_LENGTH} characters.`),
    confirmPassword: z.string({ error: 'Please type the new password again.' }),
  })
  .refine((d) => d.newPassword === d.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two new passwords are not the same.',
  })
  .refine((d) => d.newPassword !== d.currentPassword, {
    path: ['newPassword'],
    message: 'The new password must be different from the current one.',
  });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
