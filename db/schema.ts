// Every table of the site, better-auth's included.
// Money is integer cents everywhere (`*_cents` columns); euros appear only at the edges.
// Migrations are generated from this file by `npm run db:generate` into db/migrations/.
import { sql } from 'drizzle-orm';
import {
  type AnySQLiteColumn,
  blob,
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import {
  BACKGROUND_SECTIONS,
  DISCOUNT_KINDS,
  DRONE_MEDIA_TYPES,
  FINISHES,
  FRAME_GLAZINGS,
  GALLERY_DOWNLOADS,
  GALLERY_FILE_KINDS,
  GALLERY_FILE_STATES,
  HORIZON_CHOICES,
  JOB_PAYMENT_KINDS,
  JOB_PAYMENT_STATUSES,
  LAB_ORDER_STATES,
  LAB_SHIPPING_METHODS,
  LAB_SIZINGS,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PHOTO_CATEGORIES,
  PRINT_SIZES,
  QUOTE_LINE_KINDS,
  QUOTE_STATUSES,
  REVIEW_STATES,
  UPLOAD_PURPOSES,
  VAT_CLASSES,
  ZONE_IDS,
} from './enums';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;
const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(now)
    .$defaultFn(() => new Date());
const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(now)
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
const bool = (name: string) => integer(name, { mode: 'boolean' });

// ---------------------------------------------------------------- content

export const photos = sqliteTable(
  'photos',
  {
    id: id(),
    title: text('title').notNull(),
    /**
     * The print page's address, /prints/{slug}: made from the title (lib/shop/print-slugs.server.ts), unique,
     * changed with the title (the old one then redirects, photo_slug_redirects). Null only until the
     * first start after this column was added names the photos that were there before.
     */
    slug: text('slug'),
    description: text('description'),
    /** Public URL of the photo (a derivative path for processed photos). */
    imageUrl: text('image_url').notNull(),
    category: text('category', { enum: PHOTO_CATEGORIES }).notNull().default('coastal'),
    location: text('location'),
    /**
     * Words the shop's search also finds the photo by, comma-separated ("lake, mist"): prefilled
     * from the file's IPTC/XMP keywords when it is added, and editable in the photo dialog.
     */
    keywords: text('keywords'),
    featured: bool('featured').notNull().default(false),
    homepageHero: bool('homepage_hero').notNull().default(false),
    isActive: bool('is_active').notNull().default(true),
    /** The owner's order of featured photos on the home page (ascending; unset ones come last, newest first). */
    featuredOrder: integer('featured_order'),
    /** Media facts kept with the photo so pages can reserve space and paint a placeholder. */
    mediaId: text('media_id'),
    width: integer('width'),
    height: integer('height'),
    dominantColor: text('dominant_color'),
    placeholder: text('placeholder'),
    /**
     * A signed, numbered limited edition of this many copies (1 to 30), counted across every size and
     * frame; null for an open edition. Never below the copies already sold, and never back to open
     * once one is sold.
     */
    editionSize: integer('edition_size'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('photos_active_created_idx').on(t.isActive, t.createdAt),
    // At most one homepage hero: setting a new one clears the old one.
    uniqueIndex('photos_one_hero_idx').on(t.homepageHero).where(sql`homepage_hero = 1`),
    uniqueIndex('photos_slug_idx').on(t.slug),
  ],
);

/**
 * The print page addresses a photo had before its title changed: each answers with a 301 to the
 * photo's current page, so links shared before a rename keep working. Taken by no other photo.
 */
export const photoSlugRedirects = sqliteTable(
  'photo_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    photoId: text('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('photo_slug_redirects_photo_idx').on(t.photoId)],
);

export const productVariants = sqliteTable(
  'product_variants',
  {
    id: id(),
    photoId: text('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    size: text('size', { enum: PRINT_SIZES }).notNull(),
    finish: text('finish', { enum: FINISHES }).notNull(),
    priceCents: integer('price_cents').notNull(),
    dimensions: text('dimensions').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('product_variants_photo_size_finish').on(t.photoId, t.size, t.finish),
    // Covers the shop's lowest and highest price per photo, of the products (size and finish) the
    // shop sells at the sizes the photo fits, without touching the table.
    index('product_variants_photo_price_product').on(t.photoId, t.priceCents, t.size, t.finish),
  ],
);

/**
 * The owner's choice for a print size whose proportion differs from the photo's, where the print is a
 * crop (lib/shop/print-crops.ts): where the crop window sits along the axis it can move (`position`,
 * thousandths: 0 left or top, 500 centre, 1000 right or bottom), and whether the size is offered at
 * all. Only choices other than the default (offered, centred) have a row. Position and size are
 * checked by the endpoint's schema, not by a CHECK constraint.
 */
export const photoPrintCrops = sqliteTable(
  'photo_print_crops',
  {
    photoId: text('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    size: text('size', { enum: PRINT_SIZES }).notNull(),
    position: integer('position').notNull().default(500),
    offered: bool('offered').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.size] })],
);

/**
 * Every price a print (variant) has had: one row from the moment it was priced, kept by triggers on
 * product_variants (an insert, and every update that changes price_cents), so no writer can forget
 * it. The price in force at a time is the row with the latest `from_at` at or before it. The sale
 * price shown beside a "was" price reads it (price-sales.ts: the lowest price of the 30 days before).
 */
export const priceHistory = sqliteTable(
  'price_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    variantId: text('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    fromAt: integer('from_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('price_history_variant_from').on(t.variantId, t.fromAt)],
);

/**
 * A sale the owner runs: a whole percentage off the print price (not the frame) of the chosen
 * photos, or of every photo when `allPhotos`, from `starts_at` until (not including) `ends_at`.
 */
export const priceSales = sqliteTable(
  'price_sales',
  {
    id: id(),
    name: text('name').notNull(),
    percentOff: integer('percent_off').notNull(),
    allPhotos: bool('all_photos').notNull().default(false),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('price_sales_percent_range', sql`${t.percentOff} between 1 and 90`),
    check('price_sales_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    index('price_sales_ends_idx').on(t.endsAt),
  ],
);

/** The photos a sale (not of all photos) applies to. */
export const priceSalePhotos = sqliteTable(
  'price_sale_photos',
  {
    saleId: text('sale_id')
      .notNull()
      .references(() => priceSales.id, { onDelete: 'cascade' }),
    photoId: text('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('price_sale_photos_sale_photo').on(t.saleId, t.photoId),
    index('price_sale_photos_photo_idx').on(t.photoId),
  ],
);

/**
 * A named price list: its prices (price_list_prices, a price per product of the catalogue), and what
 * copies of a limited edition cost (`edition_percent` of the open print's price, rounded to whole
 * euros; null: the same as an open print). The default list is not a row: its prices and edition
 * rule live in app_meta. A photo takes its own list, else its category's, else the default; a
 * product a named list does not price is charged at the default list's price. The charged price is
 * written onto its product_variants whenever any of these change
 * (lib/shop/price-list-repricing.server.ts).
 */
export const priceLists = sqliteTable(
  'price_lists',
  {
    id: id(),
    name: text('name').notNull(),
    editionPercent: integer('edition_percent'),
    /**
     * Prints the lab makes are priced at the lab's cost plus this percentage (VAT inside, rounded
     * up to whole euros) instead of the fixed prices above; null: the fixed prices.
     */
    labMarkupPercent: integer('lab_markup_percent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('price_lists_name_idx').on(sql`lower(${t.name})`),
    check(
      'price_lists_edition_percent',
      sql`${t.editionPercent} is null or ${t.editionPercent} between 100 and 1000`,
    ),
  ],
);

/** A named list's fixed price of one product (material × size), in cents. */
export const priceListPrices = sqliteTable(
  'price_list_prices',
  {
    priceListId: text('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    size: text('size', { enum: PRINT_SIZES }).notNull(),
    finish: text('finish', { enum: FINISHES }).notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.size, t.finish] })],
);

/**
 * The products of the catalogue the shop sells (a material in a size): every photo is offered those
 * of its own proportion that its pixels allow (lib/shop/catalogue.ts). A new shop sells the original
 * three sizes in matte and gloss; the owner turns others on in the Products tab.
 */
export const catalogueOffers = sqliteTable(
  'catalogue_offers',
  {
    size: text('size', { enum: PRINT_SIZES }).notNull(),
    finish: text('finish', { enum: FINISHES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.size, t.finish] })],
);

/** The price list of a collection (a photo category); a category without a row takes the default. */
export const collectionPriceLists = sqliteTable('collection_price_lists', {
  category: text('category', { enum: PHOTO_CATEGORIES }).primaryKey(),
  priceListId: text('price_list_id')
    .notNull()
    .references(() => priceLists.id, { onDelete: 'cascade' }),
});

/**
 * A photo's own price list, over its collection's: a named list, or (null) the default list. A photo
 * without a row takes its collection's; deleting its list deletes the row.
 */
export const photoPriceLists = sqliteTable(
  'photo_price_lists',
  {
    photoId: text('photo_id')
      .primaryKey()
      .references(() => photos.id, { onDelete: 'cascade' }),
    priceListId: text('price_list_id').references(() => priceLists.id, { onDelete: 'cascade' }),
  },
  (t) => [index('photo_price_lists_list_idx').on(t.priceListId)],
);

export const framingOptions = sqliteTable('framing_options', {
  id: id(),
  size: text('size', { enum: PRINT_SIZES }).notNull().unique(),
  priceCents: integer('price_cents').notNull().default(2500),
  isActive: bool('is_active').notNull().default(true),
  /** The weight of a print of this size in its frame, for the product safety notes; null: not said. */
  weightGrams: integer('weight_grams'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * What every frame of the shop is made with, as the owner says it once (one row, none until saved):
 * its glazing and its hanging fittings, for the product safety notes of every print page.
 */
export const frameDetails = sqliteTable(
  'frame_details',
  {
    id: integer('id').primaryKey(),
    glazing: text('glazing', { enum: FRAME_GLAZINGS }),
    hanging: text('hanging'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('frame_details_one_row', sql`${t.id} = 1`),
    check('frame_details_glazing', sql`${t.glazing} is null or ${t.glazing} in ('glass', 'acrylic')`),
  ],
);

// ---------------------------------------------------------------- orders

export const orders = sqliteTable(
  'orders',
  {
    id: id(),
    customerEmail: text('customer_email'),
    customerName: text('customer_name').notNull(),
    /** The delivery address as documents print it: street, "postcode town", country name. */
    customerAddress: text('customer_address'),
    /**
     * The same address in its parts, as the buyer typed them (the country is `shipCountry`), for
     * whoever needs them apart, such as a print lab. Null on orders paid before they were kept.
     */
    shipStreet: text('ship_street'),
    shipPostalCode: text('ship_postal_code'),
    shipCity: text('ship_city'),
    phoneNumber: text('phone_number'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    totalAmountCents: integer('total_amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    paymentProvider: text('payment_provider', { enum: PAYMENT_PROVIDERS }),
    paymentId: text('payment_id'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    paypalOrderId: text('paypal_order_id').unique(),
    /** The Stripe PaymentIntent of an order paid by card (lib/checkout/stripe-checkout.server.ts). */
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    /**
     * Why the last attempt to pay failed, in the payment provider's words ("Your card was declined."):
     * the order stays unpaid, and the buyer may pay it with another card.
     */
    paymentFailureReason: text('payment_failure_reason'),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    /**
     * Made while the site ran in test mode (no PayPal keys: the built-in PayPal fake took the
     * "payment"). Its payment fields follow the fake's answers, but no money was taken: it is
     * shown as a test order and left out of every sales figure.
     */
    testMode: bool('test_mode').notNull().default(false),
    /** Given by the owner when the order is marked shipped; both optional. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** A refund of the capture through PayPal: its id, PayPal's status for it, and when it was made. */
    refundId: text('refund_id').unique(),
    refundStatus: text('refund_status'),
    refundedAt: integer('refunded_at', { mode: 'timestamp_ms' }),
    /**
     * How much of the payment went back, in cents (PayPal's amount for the refund, else the order's
     * total): less than the total is a partial refund. Null on a refund recorded before it was kept,
     * which was always the full amount.
     */
    refundedAmountCents: integer('refunded_amount_cents'),
    /**
     * The order's money as priced at creation (lib/checkout/quote.ts): total = items + shipping −
     * discount. Null on orders made before shipping was charged: their total was their items.
     */
    itemTotalCents: integer('item_total_cents'),
    shippingCents: integer('shipping_cents'),
    discountCents: integer('discount_cents'),
    /** The destination chosen at the checkout (ISO 3166-1 alpha-2, XI for Northern Ireland) and its zone. */
    shipCountry: text('ship_country'),
    shippingZone: text('shipping_zone', { enum: ZONE_IDS }),
    /**
     * VAT inside the shipping: its rate in basis points (2300 = 23%), and its amount (over all its
     * parts). Shipping carries the rates of the goods it delivers, shared out over them
     * (`shippingVatParts`); the rate column holds the rate when there is one, and is null when the
     * shipping was shared over several. Orders made before the sharing have one rate and no parts.
     */
    shippingVatRateBp: integer('shipping_vat_rate_bp'),
    shippingVatCents: integer('shipping_vat_cents'),
    /** The shipping per rate of the goods, highest rate first: [{ rateBp, grossCents, vatCents }]. */
    shippingVatParts: text('shipping_vat_parts', { mode: 'json' }).$type<
      { rateBp: number; grossCents: number; vatCents: number }[]
    >(),
    /**
     * The member state (or XI, Northern Ireland) whose VAT the order carries under the One-Stop-Shop:
     * set when the shop was registered and the order went to a consumer in another EU country; null
     * when it carries Irish VAT.
     */
    ossCountry: text('oss_country'),
    /** The discount code used (upper-case) and its row's id (the code may be deleted later). */
    discountCode: text('discount_code'),
    discountCodeId: text('discount_code_id'),
    /**
     * This order holds one of its code's counted uses: taken just before PayPal is asked to capture,
     * in the statement that checks the code's limit; kept when the order is paid or PayPal holds the
     * payment for review; given back when PayPal refuses it, fails, or reports no capture.
     */
    discountUseTaken: bool('discount_use_taken').notNull().default(false),
    /**
     * The lab's part of `shippingCents`: what the lab charges to deliver the lines it makes, as it
     * quoted it to the destination (0 when the owner makes everything), and its method of delivery.
     */
    labShippingCents: integer('lab_shipping_cents').notNull().default(0),
    labShippingMethod: text('lab_shipping_method', { enum: LAB_SHIPPING_METHODS }),
    /** The client gallery and link an order of gallery prints came from. */
    galleryId: text('gallery_id'),
    galleryLinkId: text('gallery_link_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_created_idx').on(t.createdAt),
    // The owner's list filtered by status, newest first, reads a page without sorting.
    index('orders_status_created_idx').on(t.status, t.createdAt),
    // One order per Stripe payment: a webhook finds its order by it.
    uniqueIndex('orders_stripe_payment_intent_idx').on(t.stripePaymentIntentId),
  ],
);

/**
 * The Stripe webhook events already handled, by Stripe's event id: an event delivered again (Stripe
 * retries until it gets a 2xx, and may send one twice) is answered 200 and changes nothing.
 */
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The PaymentIntent the event is about, if any. */
  paymentIntentId: text('payment_intent_id'),
  createdAt: createdAt(),
});

/** Every change of an order's status: from what, to what, by whom, when, and whether the customer was told. */
export const orderStatusHistory = sqliteTable(
  'order_status_history',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: ORDER_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    /** The e-mail of who made the change. */
    changedBy: text('changed_by').notNull(),
    /** Carrier, tracking number or refund, in words. */
    note: text('note'),
    customerNotified: bool('customer_notified').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
);

export const orderItems = sqliteTable(
  'order_items',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productVariantId: text('product_variant_id').references(() => productVariants.id, {
      onDelete: 'set null',
    }),
    quantity: integer('quantity').notNull(),
    /** Unit price including framing, in cents, fixed when the order was made. */
    priceCents: integer('price_cents').notNull(),
    framingSize: text('framing_size', { enum: PRINT_SIZES }),
    framingPriceCents: integer('framing_price_cents').notNull().default(0),
    /** What was bought, in words, so the order still reads right if the photo changes. */
    description: text('description').notNull().default(''),
    /** This line's share of the order's discount, in cents. */
    discountCents: integer('discount_cents').notNull().default(0),
    /**
     * VAT inside the print (and, when framed, inside the frame), after the line's share of the
     * discount: the rate in basis points (2300 = 23%) and the amount in cents. Null on lines of orders
     * made before VAT was recorded.
     */
    vatRateBp: integer('vat_rate_bp'),
    vatCents: integer('vat_cents'),
    framingVatRateBp: integer('framing_vat_rate_bp'),
    framingVatCents: integer('framing_vat_cents'),
    /** The frame's part of `discountCents` (the print's is the rest), so each rate's gross is exact. */
    framingDiscountCents: integer('framing_discount_cents').notNull().default(0),
    /** The photo's edition size when bought (null: open edition). */
    editionSize: integer('edition_size'),
    /**
     * Made by the print lab: the lab's product code (SKU), its attributes and how the picture meets
     * its print area, as they were when the order was made. Null: made by the owner.
     */
    labSku: text('lab_sku'),
    labAttributes: text('lab_attributes', { mode: 'json' }).$type<Record<string, string>>(),
    labSizing: text('lab_sizing', { enum: LAB_SIZINGS }),
    /**
     * Where the crop window of the print sat when it was sold, in thousandths (0 left or top, 500
     * centre, 1000 right or bottom), as the owner had set it for the photo's size; null: the centre.
     * The lab's print file is cut there, whatever the owner changes later.
     */
    cropPosition: integer('crop_position'),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** The order and the photo (print) a row is about (reviews, their invitations, edition copies). */
const orderOf = () =>
  text('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' });
const photoOf = () =>
  text('photo_id')
    .notNull()
    .references(() => photos.id, { onDelete: 'cascade' });

/**
 * One copy of a limited edition, for one order line: reserved when the order is made (until
 * `reservedUntil`, 30 minutes, unless it is paid), numbered when it is paid, in order of payment. A
 * lapsed reservation of an unpaid order holds no copy. The certificate of a sold copy is at
 * /certificate/{certificateCode}.
 */
export const editionCopies = sqliteTable(
  'edition_copies',
  {
    id: id(),
    photoId: photoOf(),
    orderId: orderOf(),
    orderItemId: text('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** 1 to the edition's size; null until the order is paid. */
    number: integer('number'),
    reservedUntil: integer('reserved_until', { mode: 'timestamp_ms' }).notNull(),
    soldAt: integer('sold_at', { mode: 'timestamp_ms' }),
    /** At least 80 random bits, base32; given with the number. */
    certificateCode: text('certificate_code').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('edition_copies_photo_number').on(t.photoId, t.number),
    index('edition_copies_photo_idx').on(t.photoId, t.reservedUntil),
    index('edition_copies_order_idx').on(t.orderId),
  ],
);

/** The owner's shipping zones (one row per zone once edited; lib/checkout/shipping-zones.ts has the defaults). */
export const shippingZones = sqliteTable('shipping_zones', {
  id: text('id', { enum: ZONE_IDS }).primaryKey(),
  name: text('name').notNull(),
  firstPrintCents: integer('first_print_cents').notNull(),
  additionalPrintCents: integer('additional_print_cents').notNull(),
  framedSurchargeCents: integer('framed_surcharge_cents').notNull(),
  freeOverCents: integer('free_over_cents'),
  updatedAt: updatedAt(),
});

/**
 * The countries the owner moved out of their default zone: to another zone, or (zone null) to "not
 * shipped to". Every other country ships to its default zone.
 */
export const shippingCountries = sqliteTable('shipping_countries', {
  country: text('country').primaryKey(),
  zoneId: text('zone_id', { enum: ZONE_IDS }),
  updatedAt: updatedAt(),
});

/** The owner's VAT rates per product class, in basis points (lib/checkout/vat.ts has the defaults). */
export const vatRates = sqliteTable('vat_rates', {
  vatClass: text('vat_class', { enum: VAT_CLASSES }).primaryKey(),
  rateBp: integer('rate_bp').notNull(),
  updatedAt: updatedAt(),
});

/**
 * The owner's One-Stop-Shop rates: one row per country (the other EU member states and XI, Northern
 * Ireland) and product class once edited; a pair never edited reads as its default
 * (lib/selling/oss-rates.ts). Ireland's rates are the vat_rates above.
 */
export const ossRates = sqliteTable(
  'oss_rates',
  {
    country: text('country').notNull(),
    vatClass: text('vat_class', { enum: VAT_CLASSES }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('oss_rates_country_class').on(t.country, t.vatClass),
    check('oss_rates_range', sql`${t.rateBp} between 0 and 10000`),
  ],
);

/**
 * Whether the shop is registered for the One-Stop-Shop: one row (id 1) once the owner saved it;
 * none before, and then it is not registered.
 */
export const ossRegistration = sqliteTable(
  'oss_registration',
  {
    id: integer('id').primaryKey(),
    registered: bool('registered').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('oss_registration_one_row', sql`${t.id} = 1`)],
);

/**
 * The business behind the shop, as the owner states it: who the trader is, where it is, how to reach
 * it, and its VAT and company numbers. One row (id 1) once saved; none before, and then the site
 * shows no trader's details at all rather than invented ones.
 */
export const businessDetails = sqliteTable(
  'business_details',
  {
    id: integer('id').primaryKey(),
    legalName: text('legal_name').notNull(),
    tradingName: text('trading_name'),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    town: text('town').notNull(),
    region: text('region'),
    postcode: text('postcode'),
    country: text('country').notNull(),
    vatNumber: text('vat_number'),
    companyNumber: text('company_number'),
    email: text('email').notNull(),
    phone: text('phone'),
    updatedAt: updatedAt(),
  },
  (t) => [check('business_details_one_row', sql`${t.id} = 1`)],
);

/**
 * A discount code. `code` is kept upper-case, so codes are case-insensitive. `uses` counts paid orders
 * only. Percent codes hold whole percent in `value`, fixed ones cents.
 */
export const discountCodes = sqliteTable(
  'discount_codes',
  {
    id: id(),
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
    value: integer('value').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    maxUses: integer('max_uses'),
    minOrderCents: integer('min_order_cents'),
    uses: integer('uses').notNull().default(0),
    active: bool('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('discount_codes_value_positive', sql`${t.value} > 0`)],
);

// ---------------------------------------------------------------- reviews

/**
 * A buyer's invitation to review one print (photo) of a delivered order, made when the owner marks
 * the order delivered. Every print of an order shares one link; only the SHA-256 of the link's
 * token is kept (the token itself is only in the buyer's mail). A print is reviewed once: see the
 * unique (order, photo) of reviews.
 */
export const reviewInvites = sqliteTable(
  'review_invites',
  {
    id: id(),
    orderId: orderOf(),
    photoId: photoOf(),
    /** Hex SHA-256 of the link's token. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('review_invites_order_photo').on(t.orderId, t.photoId),
    index('review_invites_token_idx').on(t.tokenHash),
  ],
);

/**
 * A buyer's review of a print they bought: 1 to 5 stars, an optional text, and the first name and
 * county or country they chose to show. Shown on the site only once the owner has approved it.
 */
export const reviews = sqliteTable(
  'reviews',
  {
    id: id(),
    orderId: orderOf(),
    photoId: photoOf(),
    rating: integer('rating').notNull(),
    text: text('text'),
    authorName: text('author_name').notNull(),
    authorPlace: text('author_place').notNull(),
    state: text('state', { enum: REVIEW_STATES }).notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One review per print of an order, whoever sends it and however often.
    uniqueIndex('reviews_order_photo').on(t.orderId, t.photoId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    // The shop's stars: approved reviews grouped by photo, read from the index alone.
    index('reviews_state_photo_rating_idx').on(t.state, t.photoId, t.rating),
    index('reviews_state_created_idx').on(t.state, t.createdAt),
  ],
);

/**
 * A buyer's withdrawal from an order within the 14 days after delivery, sent through the site's
 * withdrawal form: at most one per order. The note is what the buyer chose to add (which prints,
 * a reason). Nothing about the sender's connection is kept.
 */
export const orderWithdrawals = sqliteTable(
  'order_withdrawals',
  {
    id: id(),
    orderId: orderOf(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('order_withdrawals_order').on(t.orderId)],
);

// ---------------------------------------------------------------- enquiries and media

export const contactInquiries = sqliteTable(
  'contact_inquiries',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    serviceInterest: text('service_interest'),
    message: text('message').notNull(),
    /** When the owner marked the enquiry handled; null while it waits for an answer. */
    handledAt: integer('handled_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_inquiries_email_created_idx').on(t.email, t.createdAt)],
);

export const droneMedia = sqliteTable('drone_media', {
  id: id(),
  type: text('type', { enum: DRONE_MEDIA_TYPES }).notNull(),
  url: text('url').notNull(),
  title: text('title'),
  description: text('description'),
  isActive: bool('is_active').notNull().default(true),
  isFeatured: bool('is_featured').notNull().default(false),
  /** The derivatives this record shows: a photo's own, or a video's poster frame. */
  mediaId: text('media_id'),
  width: integer('width'),
  height: integer('height'),
  dominantColor: text('dominant_color'),
  placeholder: text('placeholder'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const websiteContent = sqliteTable(
  'website_content',
  {
    id: id(),
    section: text('section').notNull(),
    key: text('key').notNull(),
    content: text('content').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('website_content_section_key').on(t.section, t.key)],
);

export const backgroundImages = sqliteTable('background_images', {
  id: id(),
  section: text('section', { enum: BACKGROUND_SECTIONS }).notNull().unique(),
  imageUrl: text('image_url').notNull(),
  altText: text('alt_text'),
  isActive: bool('is_active').notNull().default(true),
  /** The derivatives this record shows: a photo's own, or a video's poster frame. */
  mediaId: text('media_id'),
  width: integer('width'),
  height: integer('height'),
  dominantColor: text('dominant_color'),
  placeholder: text('placeholder'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- uploads

/**
 * Files sent to a signed upload URL (POST /api/objects/upload). The row is claimed when
 * the upload starts, so a signed URL works once. Images are processed at once into a photo's
 * derivatives (mediaId); videos are kept as they are and served with HTTP Range.
 */
export const uploadedObjects = sqliteTable('uploaded_objects', {
  id: text('id').primaryKey(),
  purpose: text('purpose', { enum: UPLOAD_PURPOSES }).notNull(),
  status: text('status', { enum: ['uploading', 'ready'] })
    .notNull()
    .default('uploading'),
  contentType: text('content_type'),
  size: integer('size'),
  fileName: text('file_name'),
  mediaId: text('media_id'),
  width: integer('width'),
  height: integer('height'),
  dominantColor: text('dominant_color'),
  placeholder: text('placeholder'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The last composition analysis of each photo on the site, kept so that it opens again. */
export const photoAnalyses = sqliteTable('photo_analyses', {
  photoId: text('photo_id')
    .primaryKey()
    .references(() => photos.id, { onDelete: 'cascade' }),
  /** The analysis as the endpoint answered it (JSON). */
  analysis: text('analysis', { mode: 'json' }).notNull(),
  analysedAt: createdAt(),
  /**
   * The owner's word on the line found across the photo ("horizon" or "not-horizon"), kept with the
   * last analysis and used again when it is redone; null while the analyser decides alone.
   */
  horizonChoice: text('horizon_choice', { enum: HORIZON_CHOICES }),
});

// ---------------------------------------------------------------- client galleries

/**
 * A shoot delivered privately to a client. Until `releasedAt`, a proofing gallery serves only
 * watermarked, size-limited copies. An expired gallery is hidden, never deleted.
 */
export const galleries = sqliteTable(
  'galleries',
  {
    id: id(),
    title: text('title').notNull(),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email'),
    /** The day of the shoot, YYYY-MM-DD. */
    shootDate: text('shoot_date'),
    message: text('message'),
    /** The gallery file shown as its cover (none: the first photo). */
    coverFileId: text('cover_file_id'),
    /** HMAC-SHA-256 of the 4-digit PIN with the site's secret; null: no PIN. */
    pinHash: text('pin_hash'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    downloads: text('downloads', { enum: GALLERY_DOWNLOADS }).notNull().default('none'),
    watermark: bool('watermark').notNull().default(true),
    /** Remove GPS and camera serial numbers from delivered photos (on by default). */
    stripLocation: bool('strip_location').notNull().default(true),
    /** The client may order prints of the gallery's photos through the shop. */
    printsAllowed: bool('prints_allowed').notNull().default(false),
    /** When the owner released the proofing gallery (originals and unmarked copies may then be served). */
    releasedAt: integer('released_at', { mode: 'timestamp_ms' }),
    /** The owner's switch: mail the recipients a reminder seven days before the gallery expires. */
    expiryReminder: bool('expiry_reminder').notNull().default(false),
    reminderSentAt: integer('reminder_sent_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('galleries_created_idx').on(t.createdAt)],
);

/** A photo or video of a gallery: its original is private; photos get derivatives like the portfolio's. */
export const galleryFiles = sqliteTable(
  'gallery_files',
  {
    id: id(),
    galleryId: text('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: GALLERY_FILE_KINDS }).notNull(),
    /** The file's name as uploaded (for the client's download and the owner's selection lists). */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256'),
    /** The private original's key in storage. */
    originalKey: text('original_key').notNull(),
    status: text('status', { enum: GALLERY_FILE_STATES }).notNull().default('processing'),
    /** Why it could not be read, in words, when failed. */
    error: text('error'),
    /** Photos: derivatives (and, for videos, the poster's). */
    mediaId: text('media_id'),
    width: integer('width'),
    height: integer('height'),
    dominantColor: text('dominant_color'),
    placeholder: text('placeholder'),
    /** Videos: a streamable copy (faststart) when the original needs one, and its duration. */
    streamKey: text('stream_key'),
    durationMs: integer('duration_ms'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('gallery_files_gallery_idx').on(t.galleryId, t.sortOrder),
    // The public media route asks, for every derivative, whether it is a gallery's (and so private).
    index('gallery_files_media_idx').on(t.mediaId),
  ],
);

/** One recipient's link to a gallery, /g/{token}: only the token's SHA-256 is kept. */
export const galleryLinks = sqliteTable(
  'gallery_links',
  {
    id: id(),
    galleryId: text('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    lastVisitAt: integer('last_visit_at', { mode: 'timestamp_ms' }),
    views: integer('views').notNull().default(0),
    downloads: integer('downloads').notNull().default(0),
    selectionSentAt: integer('selection_sent_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('gallery_links_gallery_idx').on(t.galleryId)],
);

/** A photo a recipient hearted, with an optional note: kept per link, no account needed. */
export const galleryFavourites = sqliteTable(
  'gallery_favourites',
  {
    linkId: text('link_id')
      .notNull()
      .references(() => galleryLinks.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => galleryFiles.id, { onDelete: 'cascade' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('gallery_favourites_link_file').on(t.linkId, t.fileId)],
);

// ---------------------------------------------------------------- housekeeping

/** Small facts about this installation, such as when the demo content was seeded. */
export const appMeta = sqliteTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/** Background media work (AVIF ladders) that survives a restart: pending rows are picked up at start. */
export const mediaJobs = sqliteTable(
  'media_jobs',
  {
    id: id(),
    mediaId: text('media_id').notNull(),
    kind: text('kind', { enum: ['avif'] }).notNull(),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('media_jobs_media_kind').on(t.mediaId, t.kind),
    index('media_jobs_status_idx').on(t.status),
  ],
);

/**
 * Every outgoing mail, written in the same transaction as what caused it (an order paid, a status
 * change, a refund, an enquiry) and delivered afterwards by the mail sender, so none is lost when
 * the mail server is down or the process stops. `messageId` is the Message-ID header of every
 * attempt, so a mail sent again after a crash can be recognised as the same message.
 */
export const mailQueue = sqliteTable(
  'mail_queue',
  {
    id: id(),
    messageId: text('message_id').notNull().unique(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    replyTo: text('reply_to'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    /** After this time a failed attempt fails the mail for good (24 hours after it was queued). */
    giveUpAt: integer('give_up_at', { mode: 'timestamp_ms' }).notNull(),
    lastError: text('last_error'),
    /**
     * A document to attach, named rather than stored ("invoice:<invoice id>"): it is rendered from
     * the issued document when the mail leaves, so the queue stays small and every attempt sends the
     * same bytes.
     */
    attachment: text('attachment'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    failedAt: integer('failed_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('mail_queue_status_due_idx').on(t.status, t.nextAttemptAt)],
);

// ---------------------------------------------------------------- print lab

/**
 * Which of the shop's prints the print lab makes: one row per size, finish and frame (framed or
 * not), with the lab's product code (SKU), its attributes, and how the picture meets its print
 * area. A print without a row is made by the owner.
 */
export const labProducts = sqliteTable(
  'lab_products',
  {
    id: id(),
    size: text('size', { enum: PRINT_SIZES }).notNull(),
    finish: text('finish', { enum: FINISHES }).notNull(),
    framed: bool('framed').notNull().default(false),
    sku: text('sku').notNull(),
    attributes: text('attributes', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    sizing: text('sizing', { enum: LAB_SIZINGS }).notNull().default('fillPrintArea'),
    /** The lab's own words for the product ("Standard canvas on quality stretcher bar, 16x20\""), as it gave them. */
    description: text('description'),
    /**
     * What the lab charges to make one copy, in euro cents (before its delivery), as it last quoted
     * it, and when. Price lists that price the lab's prints as a margin over its cost read it.
     */
    costCents: integer('cost_cents'),
    costCheckedAt: integer('cost_checked_at', { mode: 'timestamp_ms' }),
    /**
     * The pixels of the print area the lab fills for this product (its required area for these
     * attributes, a canvas's wrap included), as the lab gave them when the product code was last
     * checked; null: not known. A photo is offered the product only with at least half of them on
     * each side (150 ppi where the lab prints at 300).
     */
    printAreaWidthPx: integer('print_area_width_px'),
    printAreaHeightPx: integer('print_area_height_px'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('lab_products_size_finish_framed').on(t.size, t.finish, t.framed)],
);

/** How the shop works with the lab (one row, none until saved): held for approval, and the speed. */
export const labSettings = sqliteTable(
  'lab_settings',
  {
    id: integer('id').primaryKey(),
    /** Paid orders wait for the owner's approval before they are sent to the lab. */
    holdForApproval: bool('hold_for_approval').notNull().default(false),
    /** The lab's delivery method a buyer is offered first (one of `offeredMethods`). */
    shippingMethod: text('shipping_method', { enum: LAB_SHIPPING_METHODS }).notNull().default('Standard'),
    /** The lab's delivery methods a buyer may choose between at the checkout. */
    offeredMethods: text('offered_methods', { mode: 'json' })
      .$type<(typeof LAB_SHIPPING_METHODS)[number][]>()
      .notNull()
      .default(['Standard']),
    updatedAt: updatedAt(),
  },
  (t) => [check('lab_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * The outbox of orders to the lab: one row per paid order with lab lines, written in the
 * transaction that marks it paid, so no paid order is forgotten by a crash. A worker sends it with
 * the order id as the lab's idempotency key (a retry never makes a second lab order), again and
 * again with growing waits while the lab is unreachable.
 * held: waits for the owner · queued: to be sent (at `nextAttemptAt`) · sent: the lab has it ·
 * refused: the lab said no (its reasons in `refusal`) · cancelled: withdrawn before or at the lab.
 */
export const labOrders = sqliteTable(
  'lab_orders',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    state: text('state', { enum: LAB_ORDER_STATES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    lastError: text('last_error'),
    /** The lab's reasons for refusing the order, as it gave them: [{ field, code, description }]. */
    refusal: text('refusal', { mode: 'json' }).$type<
      { field: string; code: string; description: string }[]
    >(),
    /** The lab's id of the order, once it has it. */
    labOrderId: text('lab_order_id').unique(),
    /** The lab's own word for where the order is (InProgress, Complete, Cancelled). */
    labStage: text('lab_stage'),
    /** What the lab says is wrong with an order it took, as text for the owner. */
    labIssues: text('lab_issues'),
    /** The lab's parcel, once sent: its carrier, tracking number and tracking page. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    /**
     * When the order was last put in the queue to be sent: when it was paid, or when the owner
     * approved it or sent it again. How long the lab has been unreachable is counted from here.
     */
    queuedAt: integer('queued_at', { mode: 'timestamp_ms' }),
    /** When the owner was mailed that the lab has been unreachable for too long. */
    ownerAlertedAt: integer('owner_alerted_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lab_orders_state_due_idx').on(t.state, t.nextAttemptAt)],
);

// ---------------------------------------------------------------- invoices

/**
 * The VAT invoices of paid orders and of drone jobs (a job's deposit when paid, its balance when the
 * owner invoices it), and the credit notes of their refunds. Each kind has its own unbroken sequence
 * of numbers (1, 2, 3…), shared by orders and jobs, given inside the transaction that records the
 * payment, the refund or the invoicing, so a rollback takes the number back with it. A document is
 * an order's or a job's, never both (the CHECK). The supplier's details and the buyer's name and
 * address are copied in when the document is issued: later edits never change it.
 */
export const invoices = sqliteTable(
  'invoices',
  {
    id: id(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    number: integer('number').notNull(),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** The drone job (its quote) the document is for, when it is not an order's. */
    quoteId: text('quote_id').references((): AnySQLiteColumn => quotes.id, { onDelete: 'restrict' }),
    /** Which payment of the job: its deposit or its balance; null for an order's document. */
    jobPart: text('job_part', { enum: JOB_PAYMENT_KINDS }),
    /** A credit note's invoice (its id); null on an invoice. */
    refersToId: text('refers_to_id'),
    issuedAt: integer('issued_at', { mode: 'timestamp_ms' }).notNull(),
    /** The business details as saved when issued (JSON), null when none were saved. */
    supplier: text('supplier'),
    buyerName: text('buyer_name').notNull(),
    buyerAddress: text('buyer_address'),
    /** What the document is for, VAT included: the order's total, or the amount a credit note gives back. */
    amountCents: integer('amount_cents').notNull(),
    /**
     * The VAT inside `amountCents` as a drone job's document states it (a balance invoice's is the
     * quote's VAT less the deposit's, which can differ by a cent from the VAT of its amount alone);
     * null on an order's document, whose VAT is its order's, and on job documents issued before it
     * was kept (read as the VAT of the amount at the quote's rate).
     */
    vatCents: integer('vat_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_kind_number_idx').on(t.kind, t.number),
    uniqueIndex('invoices_kind_order_idx').on(t.kind, t.orderId),
    uniqueIndex('invoices_kind_job_part_idx').on(t.kind, t.quoteId, t.jobPart),
    // Column names written out: drizzle-kit would qualify them with the name of the table it
    // rebuilds ("__new_invoices"), which then outlives the rename in the stored CHECK.
    check('invoices_order_or_job', sql`("order_id" is null) <> ("quote_id" is null)`),
    check('invoices_job_part', sql`("quote_id" is null) = ("job_part" is null)`),
  ],
);

// ---------------------------------------------------------------- jobs

/**
 * A quote for a drone job, written by the owner (from an enquiry or from nothing) and accepted by the
 * client through a link. The link's token is kept only as its SHA-256 (null until first sent). The
 * acceptance columns are the record of the contract: who typed their name, when, from where, and the
 * total (VAT included) the client saw and accepted, frozen.
 */
export const quotes = sqliteTable(
  'quotes',
  {
    id: id(),
    tokenHash: text('token_hash').unique(),
    enquiryId: text('enquiry_id').references(() => contactInquiries.id, { onDelete: 'set null' }),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email').notNull(),
    title: text('title').notNull(),
    location: text('location').notNull().default(''),
    /** The proposed shoot day, YYYY-MM-DD, or null. */
    shootDate: text('shoot_date'),
    /** The last day the quote may be accepted, YYYY-MM-DD in Irish time (inclusive). */
    validUntil: text('valid_until').notNull(),
    terms: text('terms').notNull(),
    /** The VAT rate added to the lines' net amounts, in basis points; 0 when not VAT-registered. */
    vatRateBp: integer('vat_rate_bp').notNull(),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('draft'),
    /** Counts the versions sent: an edit after sending starts a new one. */
    revision: integer('revision').notNull().default(1),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }),
    acceptedName: text('accepted_name'),
    acceptedIp: text('accepted_ip'),
    acceptedUserAgent: text('accepted_user_agent'),
    acceptedTotalCents: integer('accepted_total_cents'),
    withdrawnAt: integer('withdrawn_at', { mode: 'timestamp_ms' }),
    /** The share of the accepted total asked as a deposit, 0 to 100 (0: no deposit asked). */
    depositPercent: integer('deposit_percent').notNull().default(30),
    /** The client gallery the job is delivered in, once the owner attaches one. */
    galleryId: text('gallery_id').references(() => galleries.id, { onDelete: 'set null' }),
    /** When the client was reminded of the shoot, two days before it. */
    shootReminderSentAt: integer('shoot_reminder_sent_at', { mode: 'timestamp_ms' }),
    /** When the client was reminded of the unpaid balance invoice: 7 days after it was sent, then 14. */
    balanceReminder1SentAt: integer('balance_reminder_1_sent_at', { mode: 'timestamp_ms' }),
    balanceReminder2SentAt: integer('balance_reminder_2_sent_at', { mode: 'timestamp_ms' }),
    /**
     * When the owner invoiced the balance on a site that takes only test payments, and the amount
     * invoiced: a specimen stands in for the VAT invoice, so no number of the invoice sequence is
     * taken. Null when the balance was not invoiced so (a real invoice is a row of `invoices`).
     */
    balanceSpecimenAt: integer('balance_specimen_at', { mode: 'timestamp_ms' }),
    balanceSpecimenCents: integer('balance_specimen_cents'),
    /** When the owner cancelled the accepted job, and the reason given. */
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // No CHECK on the percentage: adding one makes SQLite rebuild the table, whose drop would cascade
  // to the quote's lines. The schema of the owner's form keeps it within 0 to 100.
  (t) => [index('quotes_status_idx').on(t.status, t.updatedAt)],
);

/**
 * A payment of a drone job through a payment provider: the deposit of an accepted quote (later the
 * balance). The amount is the server's (the accepted total × the quote's percentage), with the VAT
 * inside it at the quote's rate. A row is created pending with the provider's order id, and marked
 * paid once, by the capture that finds it still pending; a quote holds at most one paid payment of
 * each kind (the partial unique index). A test-mode payment took no money.
 */
export const jobPayments = sqliteTable(
  'job_payments',
  {
    id: id(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: JOB_PAYMENT_KINDS }).notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    status: text('status', { enum: JOB_PAYMENT_STATUSES }).notNull().default('pending'),
    providerOrderId: text('provider_order_id').notNull().unique(),
    captureId: text('capture_id'),
    testMode: bool('test_mode').notNull().default(false),
    createdAt: createdAt(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    /** The part of the payment given back when the job was cancelled (0: none), by which refund, when. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundId: text('refund_id'),
    refundedAt: integer('refunded_at', { mode: 'timestamp_ms' }),
    /** Refunds the provider refused outright: a new attempt after one gets a new idempotency key. */
    refundRefusals: integer('refund_refusals').notNull().default(0),
  },
  (t) => [
    index('job_payments_quote_idx').on(t.quoteId, t.kind),
    uniqueIndex('job_payments_one_paid_idx').on(t.quoteId, t.kind).where(sql`status = 'paid'`),
    check('job_payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** A line of a quote: net amounts in cents (VAT is added on the quote's total at its rate). */
export const quoteLines = sqliteTable(
  'quote_lines',
  {
    id: id(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: QUOTE_LINE_KINDS }).notNull(),
    description: text('description').notNull(),
    /** How many: hours, km beyond the free radius for travel, or 1 for a package. */
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (t) => [uniqueIndex('quote_lines_quote_position_idx').on(t.quoteId, t.position)],
);

/** A client's request for a change to a quote, in their words. */
export const quoteMessages = sqliteTable(
  'quote_messages',
  {
    id: id(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('quote_messages_quote_idx').on(t.quoteId, t.createdAt)],
);

// ---------------------------------------------------------------- better-auth
// Core schema of better-auth (https://www.better-auth.com/docs/concepts/database#core-schema),
// with the site's profile fields (names, pictures, payment customer ids) added to the user.

export const users = sqliteTable('users', {
  id: id(),
  name: text('name').notNull().default(''),
  email: text('email').notNull().unique(),
  emailVerified: bool('email_verified').notNull().default(false),
  image: text('image'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  bioPictureUrl: text('bio_picture_url'),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = sqliteTable(
  'sessions',
  {
    id: id(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt), index('sessions_user_idx').on(t.userId)],
);

export const accounts = sqliteTable('accounts', {
  id: id(),
  accountId: text('account_id').notNull(),
  providerId: text('provider_id').notNull(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  accessToken: text('access_token'),
  refreshToken: text('refresh_token'),
  idToken: text('id_token'),
  accessTokenExpiresAt: integer('access_token_expires_at', { mode: 'timestamp_ms' }),
  refreshTokenExpiresAt: integer('refresh_token_expires_at', { mode: 'timestamp_ms' }),
  scope: text('scope'),
  password: text('password'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const verifications = sqliteTable('verifications', {
  id: id(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- visits

/**
 * Visitor numbers without cookies (src/lib/visits). The salt of a calendar day in Ireland: random,
 * made when the day's first visit is counted, and deleted with the day before's once the day after
 * begins, so a visitor's hash can never be recomputed from an address and a browser later.
 */
export const visitSalts = sqliteTable('visit_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
});

/**
 * The visitors already counted on a day, as a hash of the day's salt, the address and the browser
 * (never the address or browser themselves): each write of the counts appends one row holding the
 * new visitors' hashes, 6 bytes each, one after another. One row per write, not one per visitor:
 * inserting each hash into an index cost the server more than all the rest of counting a view.
 * Kept for that day and the day before only.
 */
export const visitVisitorChunks = sqliteTable(
  'visit_visitor_chunks',
  {
    id: integer('id').primaryKey(),
    day: text('day').notNull(),
    hashes: blob('hashes', { mode: 'buffer' }).notNull(),
  },
  (t) => [index('visit_visitor_chunks_day').on(t.day)],
);

/**
 * The day's counters, one row per figure: views and visitors of the whole site (key ''), views of
 * a page (key: its path), visits from a referring site (its host), visitors by country (ISO code,
 * '' when unknown) and shop events (cart). Kept two years.
 */
export const visitCounts = sqliteTable(
  'visit_counts',
  {
    day: text('day').notNull(),
    kind: text('kind', { enum: ['views', 'visitors', 'page', 'referrer', 'country', 'event'] }).notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.key] })],
);

/**
 * One row whose token changes on every write to any table a page can show: every table has
 * triggers that set a new random token after each insert, update and delete, except the visit
 * tables above, which no page shows. The front's page cache is keyed by this token, so the visit
 * counts written every minute do not make every cached page render again. A token, not a count: a
 * restored backup never brings back a value the cache may hold for other content.
 */
export const contentChanges = sqliteTable('content_changes', {
  id: integer('id').primaryKey(),
  token: text('token').notNull(),
});

export type Photo = typeof photos.$inferSelect;
export type NewPhoto = typeof photos.$inferInsert;
export type ProductVariant = typeof productVariants.$inferSelect;
export type FramingOption = typeof framingOptions.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type ContactInquiry = typeof contactInquiries.$inferSelect;
export type QueuedMail = typeof mailQueue.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
export type Quote = typeof quotes.$inferSelect;
export type QuoteLine = typeof quoteLines.$inferSelect;
export type JobPayment = typeof jobPayments.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type DroneMedia = typeof droneMedia.$inferSelect;
export type BusinessDetailsRow = typeof businessDetails.$inferSelect;
export type WebsiteContent = typeof websiteContent.$inferSelect;
export type BackgroundImage = typeof backgroundImages.$inferSelect;
export type User = typeof users.$inferSelect;
export type UploadedObject = typeof uploadedObjects.$inferSelect;
