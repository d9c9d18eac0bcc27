// The upload request: one zod schema per payload, shared by the form and the endpoint.
import { z } from 'zod';
import { UPLOAD_PURPOSES } from '~/lib/site/constants';

export const uploadRequestSchema = z.object({
  purpose: z.enum(UPLOAD_PURPOSES, { error: 'Unknown upload purpose.' }).default('image'),
});
