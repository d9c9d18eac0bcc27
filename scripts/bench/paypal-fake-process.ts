// The PayPal fake as a process of its own, for benches that need the site's real PayPal path (live
// orders, which take edition copies; test mode's orders take none). Run with tsx, which resolves
// the `~/` imports; prints one JSON line with the fake's URL and credentials, and stops on SIGTERM.
import { startPaypalFakeServer } from '~/lib/payments/paypal-fake.server';

const paypal = await startPaypalFakeServer();
process.stdout.write(
  `${JSON.stringify({ url: paypal.url, clientId: paypal.fake.clientId, clientSecret: paypal.fake.clientSecret })}\n`,
);
process.on('SIGTERM', () => {
  paypal.stop().then(() => process.exit(0));
});
