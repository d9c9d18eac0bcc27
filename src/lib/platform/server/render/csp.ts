// Content-Security-Policy with hashes, not nonces: anonymous pages are cached as bytes by the
// front, so a page's policy must be the same for every visitor. The hashes come only from the
// site's own scripts (inline-scripts.ts and the page's script loader), never from the finished
// HTML, so a script that content smuggled into a page would still be refused.
import { createHash } from 'node:crypto';
import { getConfig } from '../config';
import { KNOWN_INLINE_SCRIPTS } from './inline-scripts';

const PAYPAL = ['https://*.paypal.com', 'https://*.paypalobjects.com'];
/**
 * Stripe.js and its Payment Element (card fields, Apple Pay, Google Pay, 3-D Secure), as Stripe's
 * CSP guide lists them: https://docs.stripe.com/security/guide#content-security-policy
 */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};
const NO_STRIPE = { script: [], frame: [], connect: [], img: [] };

export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
}

const KNOWN = KNOWN_INLINE_SCRIPTS.map((body) => ({
  tag: `<script>${body}</script>`,
  hash: scriptHash(body),
}));

/** Hashes of the known inline scripts that this page holds, plus those of scripts the caller made. */
export function pageScriptHashes(html: string, ownScripts: readonly string[] = []): string[] {
  const found = KNOWN.filter((k) => html.includes(k.tag)).map((k) => k.hash);
  return [...new Set([...found, ...ownScripts.map(scriptHash)])];
}

/** The directives every response shares: no plugins, no foreign <base>, never framed. */
const COMMON = "object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/** The directives for which a browser uses default-src when they are missing. */
const FETCH_DIRECTIVES = new Set([
  'script-src',
  'style-src',
  'img-src',
  'font-src',
  'media-src',
  'connect-src',
  'frame-src',
]);

let knownOrigin: { url: string; origin: string } | undefined;

/**
 * The origin photos and videos are fetched from besides the site itself: MEDIA_PUBLIC_URL's when
 * the media are in an S3 bucket (the site's /media and /objects addresses redirect there), else none.
 */
export function mediaOrigin(): string | null {
  const { storage } = getConfig();
  if (storage.driver !== 's3') return null;
  if (knownOrigin?.url !== storage.mediaPublicUrl) {
    knownOrigin = { url: storage.mediaPublicUrl, origin: new URL(storage.mediaPublicUrl).origin };
  }
  return knownOrigin.origin;
}

/** The policy of an HTML page; `media` is the media origin when not the configured one (tests). */
export function pagePolicy(opts: {
  scriptHashes: readonly string[];
  paypal: boolean;
  /** Card payments through Stripe are offered on this page. */
  stripe?: boolean;
  media?: string | null;
}): string {
  const paypal = opts.paypal ? PAYPAL : [];
  const stripe = opts.stripe ? STRIPE : NO_STRIPE;
  const frames = [...paypal, ...stripe.frame];
  const media = opts.media === undefined ? mediaOrigin() : opts.media;
  const bucket = media ? [media] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...opts.scriptHashes, ...paypal, ...stripe.script],
    // Inline styles and style attributes (placeholders, aspect ratios, the upload widget) are
    // allowed; style injection cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...bucket, ...paypal, ...stripe.img],
    'font-src': ["'self'"],
    'media-src': ["'self'", 'blob:', ...bucket],
    'connect-src': ["'self'", ...paypal, ...stripe.connect],
    'frame-src': frames.length ? frames : ["'none'"],
    'form-action': ["'self'"],
  };
  // A fetch directive that would only repeat default-src is left out, since the browser falls back
  // to default-src for it: the home page's answer, headers included, must fit the first round trip.
  // (form-action, base-uri and frame-ancestors have no such fallback and are always written.)
  const list = Object.entries(directives)
    .filter(([k, v]) => !(FETCH_DIRECTIVES.has(k) && v.join(' ') === "'self'"))
    .map(([k, v]) => `${k} ${v.join(' ')}`);
  return [...list, COMMON].join('; ');
}

/**
 * The policy of everything that is not a page (JSON, media, plain text, redirects): nothing may
 * run, and only images, media and inline styles of a browser's own viewer for them may load.
 */
export const NON_PAGE_POLICY = `default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; form-action 'none'; ${COMMON}`;
