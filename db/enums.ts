// The fixed lists of values that columns of the schema are checked against. They live beside the
// schema so that the database depends on nothing of the site; the site's rules import them from here.
// Plain constants only: the browser imports them through src/lib too.

/** A discount code's kind: a percentage off the prints, or a fixed sum off. */
export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;

/** The shipping zones a country belongs to. */
export const ZONE_IDS = ['ie', 'eu', 'gb', 'world'] as const;

/** What a VAT rate applies to. */
export const VAT_CLASSES = ['print', 'edition', 'framing', 'shipping'] as const;

/** What a client may download from a gallery: nothing (proofing only), web-size copies, or originals. */
export const GALLERY_DOWNLOADS = ['none', 'web', 'original'] as const;

export const GALLERY_FILE_KINDS = ['photo', 'video'] as const;

/** A gallery file's processing: received, processed (derivatives, poster), or unreadable (with its reason). */
export const GALLERY_FILE_STATES = ['processing', 'ready', 'failed'] as const;

/** pending: sent by a buyer, not yet read by the owner · approved: shown · hidden: not shown. */
export const REVIEW_STATES = ['pending', 'approved', 'hidden'] as const;

export const PHOTO_CATEGORIES = ['coastal', 'mountains', 'countryside', 'aerial', 'other'] as const;

/**
 * Every print size of the catalogue (src/lib/shop/catalogue.ts gives each its inches, centimetres
 * and proportion). The first three are the shop's original sizes, 8x12, 12x16 and 16x20 inches; the
 * others are named by their sides in inches, short side first.
 */
export const PRINT_SIZES = [
  'small',
  'medium',
  'large',
  '8x8',
  '12x12',
  '16x16',
  '20x20',
  '30x30',
  '12x18',
  '16x24',
  '20x30',
  '24x36',
  '9x12',
  '18x24',
  '24x32',
  '8x10',
  '24x30',
  '9x16',
  '18x32',
  '10x20',
  '15x30',
  '20x40',
  '8x24',
  '12x36',
  '20x60',
] as const;

/**
 * Every material a print can be made in (a column still called "finish"): the original photographic
 * paper, matte or gloss, then fine-art paper, lustre photo paper, canvas, aluminium and acrylic.
 */
export const FINISHES = ['matte', 'gloss', 'fine-art', 'lustre', 'canvas', 'aluminium', 'acrylic'] as const;

/** The sizes and materials a new shop sells until the owner chooses others (catalogue.ts). */
export const ORIGINAL_PRINT_SIZES = ['small', 'medium', 'large'] as const;
export const ORIGINAL_FINISHES = ['matte', 'gloss'] as const;

/** What covers a framed print: glass, or acrylic (lighter, and it does not shatter). */
export const FRAME_GLAZINGS = ['glass', 'acrylic'] as const;

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'cancelled'] as const;
export const PAYMENT_PROVIDERS = ['stripe', 'paypal'] as const;

export const DRONE_MEDIA_TYPES = ['photo', 'video'] as const;

export const BACKGROUND_SECTIONS = ['hero', 'about', 'gallery', 'contact', 'shop'] as const;

export const UPLOAD_PURPOSES = ['image', 'photo', 'bio-picture', 'video', 'sample-video'] as const;

/** The owner's word on the line the composition analyser found across a photo: the horizon, or not. */
export const HORIZON_CHOICES = ['horizon', 'not-horizon'] as const;

/** The print lab's speeds of delivery, cheapest first (Prodigi's names). */
export const LAB_SHIPPING_METHODS = ['Budget', 'Standard', 'Express', 'Overnight'] as const;

/** How a picture meets a lab's print area: cropped to fill it, whole inside it, or stretched. */
export const LAB_SIZINGS = ['fillPrintArea', 'fitPrintArea', 'stretchToPrintArea'] as const;

/** Where an order to the lab is: see the lab_orders table. */
export const LAB_ORDER_STATES = ['held', 'queued', 'sent', 'refused', 'cancelled'] as const;

/**
 * Where a drone quote stands as stored. A sent quote past its last day is expired without a stored
 * change (worked out from valid_until when read); a quote edited after it was sent is a draft again.
 */
export const QUOTE_STATUSES = [
  'draft',
  'sent',
  'accepted',
  'changes_requested',
  'withdrawn',
  'cancelled',
] as const;

/** What a line of a quote is for: a package, hours, editing, travel (km), a licence, or other. */
export const QUOTE_LINE_KINDS = ['package', 'hours', 'editing', 'travel', 'licence', 'other'] as const;

/** What a payment of a drone job is for: the deposit asked once the quote is accepted, or the balance. */
export const JOB_PAYMENT_KINDS = ['deposit', 'balance'] as const;

/** Where a payment of a drone job is: created at the provider, paid (captured in full), or failed. */
export const JOB_PAYMENT_STATUSES = ['pending', 'paid', 'failed'] as const;
