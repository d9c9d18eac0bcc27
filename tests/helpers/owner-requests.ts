// Requests to a running site as its signed-in owner, from the site's own origin: JSON bodies as
// objects, or raw text to send as it is (garbage, a huge body). Headers given override the owner's
// (another origin, no cookie). `message` reads the sentence of an error answer.
import { afterAll, beforeAll, expect } from 'vitest';
import { type FiledMail, waitForOutbox } from './outbox';
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

type SiteEnv = Record<string, string>;

/**
 * The built site of one test file, started before its tests with the owner signed in and stopped
 * after them: `ctx.site` once started, `ctx.owner` for the owner's requests, and a visitor's requests
 * and mails for the drone job's tests. `env` may be a function, called just before the site starts
 * (to start a double first and name its address).
 */
export function ownerSiteForFile(env: SiteEnv | (() => Promise<SiteEnv>) = {}) {
  let site: RunningServer | undefined;
  let cookie = '';
  const current = () => {
    if (!site) throw new Error('The site has not started yet.');
    return site;
  };
  beforeAll(async () => {
    site = await startServer(typeof env === 'function' ? await env() : env);
    cookie = await signIn(site.url);
  });
  afterAll(async () => {
    await site?.stop();
  });
  const owner = ownerRequests(current, () => cookie);
  /** A visitor's POST from the site's own origin: a JSON body, or raw text sent as it is. */
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${current().url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: current().url, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  /** The last mail filed to `email` whose subject matches, once it is in the outbox. */
  const mailed = async (email: string, subject: RegExp): Promise<FiledMail> => {
    const mine = (all: FiledMail[]) => all.filter((m) => m.to === email && subject.test(m.subject));
    const mails = await waitForOutbox(current().dataDir, (all) => mine(all).length > 0);
    return mine(mails).at(-1) as FiledMail;
  };
  /** The token of the quote link in that mail. */
  const mailedToken = async (email: string, subject: RegExp): Promise<string> => {
    const token = (await mailed(email, subject)).text.match(/\/quote\/([A-Za-z0-9_-]{43})/)?.[1] ?? '';
    expect(token).toHaveLength(43);
    return token;
  };
  /** A quote the owner wrote and sent, accepted by the client for `totalCents`. */
  const acceptedQuote = async (body: { clientEmail: string }, totalCents = 31_700) => {
    const made = await owner('POST', '/api/admin/quotes', body);
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    expect((await owner('POST', `/api/admin/quotes/${id}/send`)).status).toBe(200);
    const token = await mailedToken(body.clientEmail, /^Your quote/);
    const accepted = await post(`/api/quotes/${token}/accept`, {
      name: 'Áine Byrne',
      acceptTerms: true,
      totalCents,
    });
    expect(accepted.status).toBe(200);
    return { id, token };
  };
  return {
    get site() {
      return current();
    },
    owner,
    post,
    mailed,
    mailedToken,
    acceptedQuote,
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
