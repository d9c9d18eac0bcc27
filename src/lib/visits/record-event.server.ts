// A visitor's shop event (a print added to the cart), as both doors to it count it: the endpoint
// POST /api/visits under Astro, and the node:http front, which answers a request without a session
// cookie itself (server/front-api.ts) because a web Request and Response cost more than the event.
import { getConfig } from '~/lib/platform/server/config';
import { getDb } from '~/lib/platform/server/db';
import { parseJson } from '~/lib/platform/server/http/http';
import { visitCounter } from './counter.server';
import { visitEventSchema } from './schemas';

export interface EventSender {
  /** The address as the rate limits key it. */
  address: string;
  userAgent: string | null | undefined;
  /** The owner's own events are not counted. */
  owner: boolean;
}

/**
 * Counts the event in `body` (JSON bytes already read within MAX_VISIT_EVENT_BYTES) when counting
 * is on. Bad JSON or an unknown event throws the HttpError (400) that either door answers with.
 */
export function recordVisitEvent(body: Uint8Array, sender: EventSender): void {
  const input = parseJson(body, visitEventSchema);
  if (getConfig().visits.enabled) visitCounter.event(getDb(), { event: input.event, ...sender });
}
