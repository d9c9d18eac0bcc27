// Requests to a running site as its signed-in owner, from the site's own origin: JSON bodies as
// objects, or raw text to send as it is (garbage, a huge body). Headers given override the owner's
// (another origin, no cookie). `message` reads the sentence of an error answer.
import { afterAll, beforeAll } from 'vitest';
import { type RunningServer, startServer } from './server';
import { signIn } from './session';

export function ownerRequests(site: () => RunningServer, cookie: () => string) {
  return (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${site().url}${path}`, {
      method,
      headers: {
        cookie: cookie(),
        origin: site().url,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
}

export const message = async (res: Response) => ((await res.json()) as { message: string }).message;

/**
 * The built site of one test file, started before its tests with the owner signed in and stopped
 * after them: `ctx.site` once started, and `ctx.owner` for the owner's requests.
 */
export function ownerSiteForFile(env: Record<string, string> = {}) {
  let site: RunningServer | undefined;
  let cookie = '';
  const current = () => {
    if (!site) throw new Error('The site has not started yet.');
    return site;
  };
  beforeAll(async () => {
    site = await startServer(env);
    cookie = await signIn(site.url);
  });
  afterAll(async () => {
    await site?.stop();
  });
  return {
    get site() {
      return current();
    },
    owner: ownerRequests(current, () => cookie),
  };
}

/** A drone quote's body as the owner's form sends it: €299.00 + €18.00 = €317.00, no VAT. */
export const farmQuoteBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  clientName: 'Áine Byrne',
  clientEmail: email,
  title: 'Aerial photos of a farm near Aughrim',
  location: 'Aughrim',
  shootDate: '',
  validUntil: '2099-12-31',
  terms: 'A deposit of 30% confirms the booking.',
  lines: [
    { kind: 'package', description: 'Aerial photography, half day', quantity: 1, unitPriceCents: 29_900 },
    { kind: 'travel', description: 'Travel beyond 50 km', quantity: 30, unitPriceCents: 60 },
  ],
  ...overrides,
});
