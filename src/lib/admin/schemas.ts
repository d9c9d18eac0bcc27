// The admin's mail failures card: a mail the site could not deliver, and its retry.
import { z } from 'zod';

/** A mail the site could not deliver, as GET /api/admin/mail/failed answers it. */
export const failedMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  /** ISO times: when it was queued, and when it was given up. */
  queuedAt: z.string(),
  failedAt: z.string().nullable(),
  attempts: z.number().int(),
  reason: z.string(),
});
export type FailedMail = z.infer<typeof failedMailSchema>;

/** POST /api/admin/mail/{id}/retry: the id of a failed mail. */
export const mailRetrySchema = z.object({ id: z.uuid({ error: 'No such mail.' }) });
