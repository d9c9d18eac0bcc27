// Counts a shop event sent by a page, for the funnel of the owner's Visitors card: the one call
// behind POST /api/visits, whether the node:http front answers it or the Astro endpoint does.
import { getConfig } from '~/lib/platform/server/config';
import { getDb } from '~/lib/platform/server/db';
import { visitCounter } from './counter.server';
import type { VisitEventInput } from './schemas';

export function recordVisitEvent(
  input: VisitEventInput,
  from: { address: string; userAgent: string | null | undefined; owner: boolean },
): void {
  if (!getConfig().visits.enabled) return;
  visitCounter.event(getDb(), { event: input.event, ...from });
}
