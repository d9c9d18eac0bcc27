// A spec that needs a site of its own (other keys, a double of its own) starts it with these, and
// sends its pages there: `page.goto('/x')` goes to that site instead of the browser tests' shared one.
import { type Page, test } from '@playwright/test';
import { startPaypalFakeServer } from '~/lib/payments/paypal-fake.server';
import { type RunningServer, startServer } from '../helpers/server';

/** The page, with its relative addresses sent to the site at `origin()` (read when it navigates). */
export function onSite(page: Page, origin: () => string): Page {
  const go = page.goto.bind(page);
  page.goto = ((url: string, opts?: Parameters<Page['goto']>[1]) =>
    go(url.startsWith('/') ? `${origin()}${url}` : url, opts)) as Page['goto'];
  return page;
}

type PaypalDouble = Awaited<ReturnType<typeof startPaypalFakeServer>>;

/**
 * A site of the spec's own (or of the `describe` it is called in) whose PayPal keys point at a local
 * PayPal double, so it takes payments as real ones (numbered invoices, refunds through PayPal):
 * started before the tests with `env` added, and stopped after them with its double.
 */
export function ownSiteWithPaypal(env: Record<string, string> = {}) {
  let site: RunningServer | undefined;
  let paypal: PaypalDouble | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    paypal = await startPaypalFakeServer();
    site = await startServer({
      PAYPAL_CLIENT_ID: paypal.fake.clientId,
      PAYPAL_CLIENT_SECRET: paypal.fake.clientSecret,
      PAYPAL_API_BASE: paypal.url,
      ...env,
    });
  });
  test.afterAll(async () => {
    await site?.stop();
    await paypal?.stop();
  });
  const started = <T>(it: T | undefined): T => {
    if (!it) throw new Error('The spec’s own site has not started yet.');
    return it;
  };
  return {
    get site(): RunningServer {
      return started(site);
    },
    get paypal(): PaypalDouble {
      return started(paypal);
    },
  };
}
