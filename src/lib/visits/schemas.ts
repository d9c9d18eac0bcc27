// The one payload a page sends about a visit: a shop event (a print added to the cart). Page views
// are counted by the server from the page request itself, so no payload carries them.
import { z } from 'zod';
import { VISIT_EVENTS } from './report';

export const visitEventSchema = z.strictObject({
  event: z.enum(VISIT_EVENTS, { error: 'The event must be one this site counts: cart.' }),
});

export type VisitEventInput = z.infer<typeof visitEventSchema>;

/** An event is a few bytes of JSON: anything larger is refused (413) before it is read. */
export const MAX_VISIT_EVENT_BYTES = 1024;
