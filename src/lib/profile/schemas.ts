// The owner's profile: the about picture and the password change.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '~/lib/site/constants';

/** PUT /api/admin/bio-picture: the address of the owner's own upload to show in the about section. */
export const bioPictureSchema = z.object({
  bioPictureURL: z
    .string({ error: 'Please upload a picture first.' })
    .trim()
    .min(1, 'Please upload a picture first.')
    .max(2048, 'That picture address is too long.'),
});
export type BioPictureInput = z.infer<typeof bioPictureSchema>;

/** POST /api/admin/password: the current password, and the new one typed twice. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Please enter your current password.' })
      .min(1, 'Please enter your current password.')
      .max(PASSWORD_MAX_LENGTH, 'That is not your current password.'),
    newPassword: z
      .string({ error: 'Please enter a new password.' })
      .min(PASSWORD_MIN_LENGTH, `The new password must have at least ${PASSWORD_MIN_LENGTH} characters.`)
      .max(PASSWORD_MAX_LENGTH, `The new password must have at most ${PASSWORD_MAX_LENGTH} characters.`),
    confirmPassword: z.string({ error: 'Please type the new password again.' }),
  })
  .refine((d) => d.newPassword === d.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two new passwords are not the same.',
  })
  .refine((d) => d.newPassword !== d.currentPassword, {
    path: ['newPassword'],
    message: 'The new password must be different from the current one.',
  });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
