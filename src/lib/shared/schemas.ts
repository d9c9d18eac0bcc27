// One zod schema per payload, shared by the form and the endpoint (DESIGN.md, Conventions §1).
import { z } from 'zod';
import { PHOTO_CATEGORIES, UPLOAD_PURPOSES } from './constants';

export const signInSchema = z.object({
  email: z.email({ error: 'Please enter a valid email address' }).trim().toLowerCase(),
  password: z.string().min(1, 'Please enter your password').max(256),
  next: z.string().optional(),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeNextPath(next: string | undefined | null, fallback = '/admin'): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  return next;
}

// ---- media and uploads (issue 3)

export const uploadRequestSchema = z.object({
  purpose: z.enum(UPLOAD_PURPOSES, { error: 'Unknown upload purpose.' }).default('image'),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

const formBoolean = z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean());
const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max, `${label} must be at most ${max} characters`).optional(),
  );

/** The photo dialog's fields (SPEC §7 POST/PUT /api/admin/photos); the image file travels beside them. */
export const photoFormSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  description: optionalText(2000, 'Description'),
  category: z.enum(PHOTO_CATEGORIES, { error: 'Please choose a category' }).default('coastal'),
  location: optionalText(200, 'Location'),
  imageUrl: optionalText(500, 'Image URL'),
  featured: formBoolean.default(false),
});
export type PhotoForm = z.infer<typeof photoFormSchema>;
