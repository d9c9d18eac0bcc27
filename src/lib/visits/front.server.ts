// Counting a page view from the page request itself, at the node:http front, for pages answered
// from the page cache and pages rendered for it. No beacon: a second request per view would cost
// about as much as the cached page, and the count is a few map updates (and a hash for a new
// visitor) on a request already being answered, done a moment later in a batch (queueView).
//
// Only what a person's browser opens as a page counts: a GET answered 200 with HTML, not a
// prefetch, and, for browsers that say what they fetch (Sec-Fetch-Dest), a document. Requests with
// a session cookie never reach the page cache, so the owner's visits are not counted here.
import type { IncomingMessage } from 'node:http';
import { getConfig } from '~/lib/platform/server/config';
import { getDb } from '~/lib/platform/server/db';
import { clientAddress } from '~/lib/platform/server/http/rate-limit';
import { getLog } from '~/lib/platform/server/log';
import { visitCounter } from './counter.server';

/** This site's host names as the counter compares referrers: SITE_URL's, and the Host a request names. */
let ownHosts: { host: string | undefined; list: string[] } | undefined;
const hostsWith = (siteUrl: string, host: string | undefined): string[] => {
  if (ownHosts === undefined || ownHosts.host !== host) {
    const site = new URL(siteUrl).host;
    ownHosts = { host, list: host && host !== site ? [site, host] : [site] };
  }
  return ownHosts.list;
};

const addressOf =
  (forwarded: string | string[] | undefined, peer: string | undefined): (() => string) =>
  () =>
    clientAddress(forwarded, peer ?? 'unknown');

/** Counts `req`, a request for the page at `path` answered with `status` and `contentType`. */
export function countPageRequest(
  req: IncomingMessage,
  path: string,
  status: number,
  contentType: unknown,
): void {
  const config = getConfig();
  if (!config.visits.enabled || req.method !== 'GET' || status !== 200) return;
  if (typeof contentType !== 'string' || !contentType.startsWith('text/html')) return;
  const h = req.headers;
  const dest = h['sec-fetch-dest'];
  if (dest !== undefined && dest !== 'document') return;
  if (h['sec-purpose'] || h.purpose === 'prefetch' || h['x-moz'] === 'prefetch') return;
  try {
    visitCounter.queueView(getDb(), {
      path,
      address: addressOf(h['x-forwarded-for'], req.socket.remoteAddress),
      userAgent: h['user-agent'],
      referrer: h.referer,
      ownHosts: hostsWith(config.siteUrl, h.host),
    });
  } catch (err) {
    getLog().error({ err }, 'A page view could not be counted');
  }
}
