// The shapes of the visitor numbers, shared by the server that counts them and the dashboard's
// Visitors card that shows them. Browser-safe: no server code here.

/** The figures a day's counters hold (see visit_counts in db/schema.ts). */
export type VisitKind = 'views' | 'visitors' | 'page' | 'referrer' | 'country' | 'event';

/** What a page may report besides its own view: a print added to the cart. */
export const VISIT_EVENTS = ['cart'] as const;
export type VisitEvent = (typeof VISIT_EVENTS)[number];

/** The key under which pages or referring sites past a day's cap are counted together. */
export const OTHER_KEY = '(other)';

/** Days shown by the dashboard's Visitors card. */
export const REPORT_DAYS = 30;

export interface Ranked {
  key: string;
  count: number;
}

export interface VisitReport {
  /** Whether the site counts visits at all (VISITOR_COUNTING). */
  counting: boolean;
  /** Each of the last REPORT_DAYS days, oldest first, today last; days without visits are zero. */
  days: { day: string; visitors: number; views: number }[];
  totals: { visitors: number; views: number };
  /** Page paths by views, most first. */
  topPages: Ranked[];
  /** Print pages by views, with the print's title when it still exists. */
  topPrints: { slug: string; title: string | null; views: number }[];
  /** Referring sites by visits. */
  referrers: Ranked[];
  /** Visitors by country: ISO 3166 code, '' when unknown. */
  countries: Ranked[];
  /** Print page views, prints added to a cart, orders paid: the same days. */
  funnel: { printViews: number; carts: number; paidOrders: number };
}
