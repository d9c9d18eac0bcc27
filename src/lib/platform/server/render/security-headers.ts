// The security headers of every response, cached or not: page, API, media, asset, error or
// redirect. The front sets them before anything answers; the middleware sets them again on what
// Astro answers (so the dev server has them too), and HTML pages replace the CSP with their own.
import { NON_PAGE_POLICY } from './csp';

export function securityHeaders(siteUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': NON_PAGE_POLICY,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
  // Browsers keep to https for a year once they have seen the site over it.
  if (siteUrl.startsWith('https://')) headers['strict-transport-security'] = 'max-age=31536000';
  return headers;
}
