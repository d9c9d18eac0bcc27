// PayPal in a browser test: a site of its own whose server talks to the PayPal fake over HTTP (as
// it would talk to PayPal with credentials), and a fake of https://www.paypal.com/sdk/js served
// by Playwright routing, since no outside address is reachable from a test.
import type { BrowserContext, Page } from '@playwright/test';

/** A fake of https://www.paypal.com/sdk/js: paypal.Buttons renders one button that runs the flow. */
export const SDK_FAKE = `
window.paypal = {
  version: 'fake',
  Buttons: function (opts) {
    return {
      isEligible: function () { return true; },
      close: function () { return Promise.resolve(); },
      render: function (container) {
        var host = typeof container === 'string' ? document.querySelector(container) : container;
        var b = document.createElement('button');
        b.type = 'button';
        b.textContent = 'Pay with PayPal (fake SDK)';
        b.addEventListener('click', async function () {
          try {
            var id = await opts.createOrder({}, {});
            await opts.onApprove({ orderID: id }, { restart: function () {} });
          } catch (e) { if (opts.onError) opts.onError(e); }
        });
        host.appendChild(b);
        return Promise.resolve();
      },
    };
  },
};`;

/** Serves the fake for every request of the page or context to PayPal's SDK; calls `seen` with its address. */
export function routeFakeSdk(target: Page | BrowserContext, seen: (url: string) => void = () => {}) {
  return target.route('https://www.paypal.com/sdk/js**', (route) => {
    seen(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: SDK_FAKE });
  });
}
