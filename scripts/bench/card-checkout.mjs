// The checkout with card payments on (Stripe test keys set): its JS before interaction beside the
// same page with cards off, in the same run, and its Lighthouse mobile rows against the zero-JS
// control. Stripe.js and the Payment Element load only once the buyer chooses "Pay by card", and the
// site asks Stripe nothing before that, so the site's Stripe API address here is a closed port.
//
// Run alone with `node scripts/bench/card-checkout.mjs` (seeds a site in a temp dir), or from
// run.mjs through cardCheckoutRows(seededDataDir, cardsOffUrl).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkoutJs } from './checkout-js.mjs';
import { met, printTable, startSite } from './lib.mjs';
import { lighthouseRows } from './lighthouse.mjs';

/** The checkout's JS may grow by this much with cards on (the Payment Element loads on demand). */
const ALLOWANCE_BYTES = 20 * 1024;
const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_bench0123456789abcdef',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_bench0123456789abcdef',
  STRIPE_WEBHOOK_SECRET: 'whsec_bench0123456789abcdef',
  STRIPE_API_BASE: 'http://127.0.0.1:9',
};
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

export async function cardCheckoutRows(seededDataDir, cardsOffUrl) {
  const dir = mkdtempSync(join(tmpdir(), 'wicklow-bench-cards-'));
  cpSync(seededDataDir, dir, { recursive: true });
  const site = await startSite({
    DATA_DIR: dir,
    SEED_DEMO: '0',
    OWNER_PASSWORD: 'bench-password-123',
    ...KEYS,
  });
  try {
    // The page must really offer cards: Stripe is in its CSP only then.
    const csp = (await fetch(`${site.url}/checkout`)).headers.get('content-security-policy') ?? '';
    if (!csp.includes('js.stripe.com')) throw new Error('the card-payments site does not offer cards');
    const on = await checkoutJs(site.url);
    const off = await checkoutJs(cardsOffUrl);
    return [
      [
        'JS of /checkout before interaction, card payments on (gzip, a cart of 2 lines)',
        `${kib(on.bytes)} (${on.files} files + ${on.inline} inline)`,
        `${kib(off.bytes)} (cards off, same run)`,
        `+${kib(on.bytes - off.bytes)}`,
        '≤ cards off + 20 KiB',
        met(on.bytes <= off.bytes + ALLOWANCE_BYTES),
      ],
      ...(await lighthouseRows(site.url, { only: ['/checkout'], note: ', card payments on' })),
    ];
  } finally {
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-cards-seed-'));
  const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: '1', OWNER_PASSWORD: 'bench-password-123' });
  try {
    printTable(await cardCheckoutRows(dataDir, site.url));
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
