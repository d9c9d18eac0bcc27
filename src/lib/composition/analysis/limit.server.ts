// Composition analyses are the heaviest thing the owner can ask of the box: 30 an hour, shared by
// POST /api/analyze-composition and POST /api/admin/photos/{id}/analysis, counted per signed-in
// owner (or per address when no one is signed in).

import { RateLimiter, tooManyRequests, waitInWords } from '~/lib/platform/server/http/rate-limit';
import { registerInstance } from '~/lib/platform/server/instances';

registerInstance('composition analysis limit', import.meta.url);

export const ANALYSES_PER_HOUR = 30;
export const compositionLimiter = new RateLimiter(ANALYSES_PER_HOUR, 60 * 60_000);

/** Counts one analysis; a 429 answer (with Retry-After) when over the limit, else null. */
export function admitAnalysis(locals: App.Locals): Response | null {
  const key = locals.user ? `owner:${locals.user.id}` : `address:${locals.clientIp}`;
  const wait = compositionLimiter.hit(key);
  if (wait === 0) return null;
  return tooManyRequests(
    `You have analysed ${ANALYSES_PER_HOUR} photos in the last hour, the most allowed. Please try again in ${waitInWords(wait)}.`,
    wait,
  );
}
