// POST /g/{token}/pin { pin }: the PIN of a gallery that has one. The right PIN sets a cookie for
// this link alone (204, or a 303 back to the gallery for a plain form post); a wrong one is a 403,
// and the fifth wrong try from one link or one address a 429 with the wait (Retry-After).
// A plain form post (no JavaScript) is answered with a 303 back to the gallery, which says what
// became of it. 404 for an unknown link, 410 for one that expired or was revoked.
import type { APIRoute } from 'astro';
import { PinBody } from '~/lib/galleries/client-schemas';
import { openLink, PRIVATE_HEADERS, pinCookie, tryPin } from '~/lib/galleries/gallery-access.server';
import { getDb } from '~/lib/platform/server/db';
import {
  HttpError,
  handle,
  jsonError,
  MAX_FORM_BYTES,
  readForm,
  readJson,
} from '~/lib/platform/server/http/http';
import { tooManyRequests } from '~/lib/platform/server/http/rate-limit';

export const POST: APIRoute = handle(async ({ request, params, locals }) => {
  const token = params.token ?? '';
  const found = openLink(getDb(), token);
  if (found.state === 'unknown') throw new HttpError(404, 'This gallery link is not known.');
  if (found.state === 'gone') throw new HttpError(410, 'This gallery link has expired or was revoked.');
  const isForm = (request.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded');
  const pin = isForm
    ? String((await readForm(request, MAX_FORM_BYTES)).get('pin') ?? '')
    : (await readJson(request, PinBody)).pin;
  const back = (query: string, extra: Record<string, string> = {}) =>
    new Response(null, {
      status: 303,
      headers: { ...PRIVATE_HEADERS, ...extra, Location: `/g/${token}${query}` },
    });
  const outcome = tryPin(found.link, found.gallery, pin.trim(), locals.clientIp);
  if (!outcome.ok && isForm) return back(outcome.status === 429 ? '?pin=wait' : '?pin=wrong');
  if (!outcome.ok && outcome.status === 429)
    return tooManyRequests(outcome.message, outcome.retryAfter ?? 60);
  if (!outcome.ok) return jsonError(outcome.status, outcome.message);
  const cookie = { 'Set-Cookie': pinCookie(token, found.link, found.gallery) };
  return isForm
    ? back('', cookie)
    : new Response(null, { status: 204, headers: { ...PRIVATE_HEADERS, ...cookie } });
});
