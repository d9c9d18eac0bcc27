// The photos' payloads (the photo dialog, hide and show, featured order), shared by the forms and the
// endpoints so the two never disagree.
import { z } from 'zod';
import { joinKeywords, splitKeywords } from '~/lib/photos/keywords';
import { PHOTO_CATEGORIES } from '~/lib/site/constants';
import { optionalText } from '~/lib/site/form-fields';

const formBoolean = z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean());
/** The photo dialog's fields (POST/PUT /api/admin/photos); the image file travels beside them. */
export const photoFormSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  description: optionalText(2000, 'Description'),
  category: z.enum(PHOTO_CATEGORIES, { error: 'Please choose a category' }).default('coastal'),
  location: optionalText(200, 'Location'),
  /** Comma-separated; kept as "a, b, c", each word once. */
  keywords: optionalText(1000, 'Keywords')
    .transform((v) => (v ? joinKeywords(splitKeywords(v)) || undefined : undefined))
    .optional(),
  imageUrl: optionalText(500, 'Image URL'),
  featured: formBoolean.default(false),
});
export type PhotoForm = z.infer<typeof photoFormSchema>;

/** PUT /api/admin/photos/{id}/visibility: hide a photo from the site, or show it again. */
export const photoVisibilitySchema = z.object({
  isActive: z.boolean({ error: 'Say whether the photo is shown (true or false).' }),
});

/** PUT /api/admin/photos/featured-order: the featured photos' ids in the order the home page shows them. */
export const featuredOrderSchema = z.object({
  ids: z
    .array(z.string({ error: 'Each id must be text.' }).min(1).max(64), {
      error: 'The featured photos must be a list of photo ids.',
    })
    .max(500, 'At most 500 photos can be put in order.'),
});
