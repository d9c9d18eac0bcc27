// The drone page's sample media payload, shared by the admin forms and the endpoint.
import { z } from 'zod';
import { DRONE_MEDIA_TYPES } from '~/lib/site/constants';
import { optionalText } from '~/lib/site/form-fields';

/**
 * POST /api/drone-media: a sample photo or video on the drone page. The url is the one the
 * file was uploaded to (the signed URL or /objects/uploads/{id}); the server checks that it is the
 * owner's upload of the right kind and stores the address it is served from.
 */
export const droneMediaSchema = z.object({
  type: z.enum(DRONE_MEDIA_TYPES, { error: 'The type must be photo or video' }),
  url: z
    .string({ error: 'Please upload a file first' })
    .trim()
    .min(1, 'Please upload a file first')
    .max(500, 'The file address is too long'),
  title: optionalText(200, 'Title'),
  description: optionalText(1000, 'Description'),
  isActive: z.boolean().optional(),
});
