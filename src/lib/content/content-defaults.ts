// The default text of every editable block. Pages show these when
// the website_content table has no entry or cannot be read; the demo seed stores them.
import { DRONE_TURNAROUND, OWNER_NAME, TRAVEL_RADIUS_KM } from '~/lib/site/constants';

export const CONTENT_DEFAULTS = {
  hero: {
    title: 'Wicklow, in its own light',
    description:
      'Landscape and aerial photography from the Garden of Ireland: mountain loughs, Atlantic-grey coast and the quiet country in between. Fine-art prints, made to order.',
  },
  about: {
    title: 'About the photographer',
    description:
      'I have walked and flown the Wicklow hills for over a decade, waiting for the few minutes when the light falls just right on Lough Tay, the Sugarloaf or the sea at Bray Head. Every print in the shop is a place I know well, photographed at the hour it looks its best.\n\nAlongside landscape work I fly a camera drone for clients across Ireland: estates, coastlines, construction sites and events, photographed and filmed from above.',
  },
  gallery: {
    title: 'Featured Gallery',
    description:
      'A few favourites from the mountains, the coast and the air. Every one is available as a print.',
  },
  drone: {
    title: 'Drone photography and video',
    description:
      'Aerial photographs and 4K video for homes, estates, businesses and events, from a registered and insured operator.',
    // The half-day starting price, shown after "from" on / and /drone-services and in the FAQ.
    price: '€299',
    service1Name: 'Aerial photography',
    service1Text:
      'Homes, estates, coastlines and landmarks, photographed from the angle that tells their story.',
    service2Name: 'Drone videography',
    service2Text: 'Smooth 4K footage for property, tourism, weddings and events, edited and graded.',
    service3Name: 'Site surveys',
    service3Text: 'Progress photos, roof and land inspections, and overviews for planning and construction.',
    // What the half-day price card promises. A non-breaking hyphen keeps "48-72 hours" on one line.
    promise1: '4K video and high-resolution stills',
    promise2: `Edited material delivered within ${DRONE_TURNAROUND.replace('-', '\u2011')}`,
    promise3: 'EU-registered operator with A1/A3 and A2 competency, fully insured',
    promise4: `Across Ireland; travel charges may apply beyond ${TRAVEL_RADIUS_KM} km`,
  },
  contact: {
    title: 'Get in touch',
    description:
      'A print question, a custom size, or a drone shoot you are planning? Send a message and I will reply within 24 hours.',
  },
  shop: {
    title: 'Print Shop',
    description:
      'Museum-quality prints of Wicklow and the Irish coast, made to order in the sizes and materials each photograph allows.',
  },
  droneServices: {
    title: 'Drone Services',
    description:
      'Aerial photography, videography and site surveys across Ireland, delivered edited and ready to use within 48-72 hours.',
    service1Name: 'Aerial photography',
    service1Text:
      'High-resolution stills of homes, estates, farms and coastline, composed with a landscape photographer’s eye.',
    service2Name: 'Drone videography',
    service2Text:
      'Smooth, stabilised 4K footage, edited and colour-graded, ready for the web, social media or a big screen.',
    service3Name: 'Site surveys',
    service3Text:
      'Repeatable, GPS-positioned overviews for construction progress, roofs, land and planning applications.',
    // Each package's three bullet points.
    service1Point1: 'Property and estate portfolios',
    service1Point2: 'Tourism and hospitality',
    service1Point3: 'Landmarks and coastline',
    service2Point1: 'Promotional films',
    service2Point2: 'Weddings and events',
    service2Point3: 'Fly-throughs and reveals',
    service3Point1: 'Construction progress',
    service3Point2: 'Roof and structure inspections',
    service3Point3: 'Land and planning overviews',
  },
  footer: {
    text: 'Landscape and aerial photography from the Garden of Ireland. Fine-art prints, made to order.',
    // Social profile links, each an http(s) address or empty (not shown). An empty first link
    // falls back to the SOCIAL_PROFILE_URL setting.
    social1Url: '',
    social2Url: '',
    social3Url: '',
    // The copyright line; {year} is this year's number when the page is made.
    copyright: `© {year} ${OWNER_NAME}. All rights reserved.`,
  },
} as const satisfies Record<string, Record<string, string>>;

export type ContentSection = keyof typeof CONTENT_DEFAULTS;
/** The texts of one section as a page gets them (stored or default). */
export type SectionText<S extends ContentSection> = Record<keyof (typeof CONTENT_DEFAULTS)[S], string>;

/**
 * The placeholders an editable block takes (see placeholders.ts), filled when a page is made. A
 * block listed here refuses any other `{name}`; the others keep braces as written.
 */
export const CONTENT_PLACEHOLDERS: Partial<Record<ContentSection, Record<string, readonly string[]>>> = {
  footer: { copyright: ['year'] },
};

/** The placeholders a block takes, or null when it takes none. */
export function placeholdersOf(section: string, key: string): readonly string[] | null {
  return CONTENT_PLACEHOLDERS[section as ContentSection]?.[key] ?? null;
}

/** The drone packages of a section (service1Name, service1Text, service1Point1, ...), in order. */
export function dronePackages(
  text: Record<string, string>,
): { n: number; name: string; text: string; points: { key: string; text: string }[] }[] {
  return [1, 2, 3].map((n) => ({
    n,
    name: text[`service${n}Name`] ?? '',
    text: text[`service${n}Text`] ?? '',
    points: [1, 2, 3]
      .map((m) => `service${n}Point${m}`)
      .filter((key) => key in text)
      .map((key) => ({ key, text: text[key] ?? '' })),
  }));
}

/** The amount in a price text such as "€299" or "€1,250.50", or null when it holds none. */
export function priceAmount(price: string): number | null {
  const digits = price.replace(/[^\d.]/g, '');
  const amount = Number(digits);
  return digits && Number.isFinite(amount) && amount > 0 ? amount : null;
}

export function defaultContent(section: string, key: string): string | undefined {
  const block = (CONTENT_DEFAULTS as Record<string, Record<string, string>>)[section];
  return block?.[key];
}
