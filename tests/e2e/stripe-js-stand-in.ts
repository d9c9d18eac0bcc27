// Stripe in a browser test: a stand-in for Stripe.js (https://js.stripe.com/…) served by Playwright
// routing, since no outside address is reachable from a test, and Stripe's API (https://api.stripe.com)
// routed to the local Stripe double. The stand-in's Payment Element is a plain "Card number" field;
// confirmPayment posts to /v1/payment_intents/:id/confirm with the publishable key and the client
// secret in the body, as Stripe.js does, and answers as Stripe.js does: { paymentIntent } or { error }.
import type { Page } from '@playwright/test';

export const STRIPE_JS_STAND_IN = `
window.Stripe = function (publishableKey) {
  var cardField = null;
  return {
    _registerWrapper: function () {},
    elements: function (options) {
      var handlers = {};
      return {
        options: options,
        update: function (next) { Object.assign(options, next); },
        submit: function () {
          if (!cardField || !cardField.value.trim()) {
            return Promise.resolve({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } });
          }
          return Promise.resolve({});
        },
        create: function (type) {
          return {
            on: function (name, fn) { handlers[name] = fn; },
            mount: function (host) {
              var label = document.createElement('label');
              label.textContent = 'Card number';
              cardField = document.createElement('input');
              cardField.inputMode = 'numeric';
              label.appendChild(cardField);
              host.appendChild(label);
              setTimeout(function () { if (handlers.ready) handlers.ready({ elementType: type }); }, 0);
            },
          };
        },
      };
    },
    confirmPayment: async function (opts) {
      var id = opts.clientSecret.split('_secret_')[0];
      var body = new URLSearchParams({
        key: publishableKey,
        client_secret: opts.clientSecret,
        card: cardField.value.replace(/\\s+/g, ''),
        return_url: opts.confirmParams.return_url,
      });
      var res = await fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', {
        method: 'POST',
        body: body,
      });
      var json = await res.json();
      if (json.error) return { error: json.error };
      if (json.last_payment_error) return { error: json.last_payment_error, paymentIntent: json };
      return { paymentIntent: json };
    },
  };
};`;

/** Serves the stand-in of Stripe.js, and sends the page's calls to Stripe's API to the double. */
export async function routeStripe(page: Page, doubleUrl: string, seen: (url: string) => void = () => {}) {
  await page.route('https://js.stripe.com/**', (route) => {
    seen(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: STRIPE_JS_STAND_IN });
  });
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${doubleUrl}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}
