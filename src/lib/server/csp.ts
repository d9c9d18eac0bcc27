// Content-Security-Policy with hashes, not nonces (DESIGN.md, Shape): anonymous pages are cached
// as bytes by the front, so the policy must be the same for every visitor of a page. The hashes
// of the page's own inline scripts are computed from the finished HTML.
import { createHash } from 'node:crypto';

const PAYPAL = ['https://*.paypal.com', 'https://*.paypalobjects.com'];
// Inline scripts that run: no type, or a JavaScript/module type. JSON data blocks never run.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const RUNS = /\btype\s*=\s*["']?(?:module|text\/javascript|application\/javascript)["']?/i;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attrs = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs)) continue;
    if (/\btype\s*=/i.test(attrs) && !RUNS.test(attrs)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return [...hashes];
}

export function contentSecurityPolicy(html: string, opts: { paypal: boolean }): string {
  const paypal = opts.paypal ? PAYPAL : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes(html), ...paypal],
    // Inline styles and style attributes (placeholders, aspect ratios, the upload widget) are
    // allowed; style injection cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...paypal],
    'font-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", ...paypal],
    'frame-src': paypal.length ? paypal : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');
}
