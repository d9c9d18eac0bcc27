// POST /api/checkout/quote: what the cart costs delivered to a country, with an optional discount code,
// as the server will charge it (quote-cart.server.ts): the prints, shipping by zone, the discount, the
// total and the VAT inside it. The browser shows this and never works a charged amount out itself.
// Prints made by the print lab add the lab's delivery charge (asked of the lab, kept for an hour);
// when the lab cannot be asked the answer is a 503 that says so. A country not shipped to, or unknown, is a 422 with the sentence to show; a code that cannot be
// used a 422 on the code's field. Wrong codes count against the address (discountCodeLimiter): past
// the limit, a request with a code is a 429 with Retry-After, whether the code is right or wrong.
import type { APIRoute } from 'astro';
import {
  codeGuessWait,
  countingWrongCodes,
  quoteAnswer,
  quoteCartWithLab,
  tooManyCodesMessage,
} from '~/lib/checkout/quote-cart.server';
import { quoteSchema } from '~/lib/checkout/schemas';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { tooManyRequests } from '~/lib/platform/server/http/rate-limit';

export const POST: APIRoute = handle(async ({ request, locals }) => {
  const input = await readJson(request, quoteSchema);
  const wait = codeGuessWait(locals.clientIp, input);
  if (wait > 0) return tooManyRequests(tooManyCodesMessage(wait), wait);
  const quoted = await countingWrongCodes(locals.clientIp, () =>
    quoteCartWithLab(getDb(), input, new Date()),
  );
  return Response.json(quoteAnswer(quoted), { headers: { 'Cache-Control': 'no-store' } });
});
