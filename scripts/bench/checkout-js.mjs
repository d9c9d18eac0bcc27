// `node scripts/bench/checkout-js.mjs`: the JS /checkout runs before interaction with a cart of two
// lines (gzip, each file on its own), on a freshly seeded site built by `npm run build`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSite } from './lib.mjs';
import { jsBeforeInteraction } from './page-js.mjs';

export const CHECKOUT_CART = JSON.stringify([
  {
    variantId: 'bench-a',
    size: 'small',
    finish: 'matte',
    framing: null,
    quantity: 1,
    unitCents: 4500,
    title: 'Bench print A',
  },
  {
    variantId: 'bench-b',
    size: 'medium',
    finish: 'gloss',
    framing: 'medium',
    quantity: 2,
    unitCents: 8900,
    title: 'Bench print B',
  },
]);

export async function checkoutJs(base) {
  return jsBeforeInteraction(`${base}/checkout`, { storage: { 'wicklow:cart:v1': CHECKOUT_CART } });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-checkout-js-'));
  const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: '1', OWNER_PASSWORD: 'bench-password-123' });
  try {
    const js = await checkoutJs(site.url);
    console.log(
      `JS of /checkout before interaction (gzip): ${(js.bytes / 1024).toFixed(1)} KiB (${js.files} files + ${js.inline} inline)`,
    );
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
