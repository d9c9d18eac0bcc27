// The sign-in form, and where a signed-in person may be sent next: never off this site.
import { z } from 'zod';
import { hasControlOrSpace } from '~/lib/platform/shared/control-characters';

export const signInSchema = z.object({
  email: z.email({ error: 'Please enter a valid email address' }).trim().toLowerCase(),
  password: z.string().min(1, 'Please enter your password').max(256),
  next: z.string().optional(),
});

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
