// Section backgrounds: the payload, and which image addresses may be one.
import { z } from 'zod';
import { hasControlOrSpace } from '~/lib/platform/shared/control-characters';
import { BACKGROUND_SECTIONS } from '~/lib/site/constants';

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
