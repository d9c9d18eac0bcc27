// `kill -9` of the server between a payment and the lab, in 10 rounds on the same data directory,
// against the Prodigi fake over HTTP (127.0.0.1). Each round pays an order of a print the lab
// makes, then kills the site at another moment: as soon as the capture is answered; a little later
// (while the print file is being made, or the lab asked); while the lab is still taking the order
// (its answers held back); or after the lab has taken it but before the site has heard. The site is
// started again and sends the order from its outbox. In the end the lab has exactly one order per
// paid shop order: a retry carries the same idempotency key and is answered with the first order.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProdigiFakeServer } from '~/lib/lab/prodigi-fake.server';
import { startPaypalFakeServer } from '~/lib/payments/paypal-fake.server';
import {
  captureLabOrder,
  freePort,
  labOrderRow,
  readSiteDb,
  seedLabPrint,
  startLabOrder,
  startLabSite,
} from '../helpers/lab-site';
import type { RunningServer } from '../helpers/server';

const ROUNDS = Number(process.env.LAB_CRASH_ROUNDS ?? 10);
/** The smallest print of the fake's catalogue (3600×5400): each round makes one print file. */
const SKU = 'GLOBAL-FAP-12X18';
const HOLD_MS = 1_500;
const MOMENTS = [
  'at the capture',
  'a little later',
  'while the lab takes it',
  'before the site hears',
] as const;

let prodigi: Awaited<ReturnType<typeof startProdigiFakeServer>>;
let paypal: Awaited<ReturnType<typeof startPaypalFakeServer>>;
let site: RunningServer | undefined;
let dataDir: string;
let port: number;
let variantId: string;
/** While true, the fake answers an order it has made HOLD_MS late: the site may die before it hears. */
let holdCreated = false;

const start = (dir?: string) =>
  startLabSite({
    port,
    prodigi: { url: prodigi.url, apiKey: prodigi.fake.apiKey },
    paypal: { url: paypal.url, fake: paypal.fake },
    ...(dir ? { dataDir: dir } : {}),
  });

const isCreate = (r: { method: string; path: string }) => r.method === 'POST' && r.path.endsWith('/orders');
const referenceOf = (body: unknown) =>
  (body as { merchantReference?: string } | undefined)?.merchantReference;

beforeAll(async () => {
  prodigi = await startProdigiFakeServer();
  const answer = prodigi.fake.answer.bind(prodigi.fake);
  prodigi.fake.answer = async (method, path, apiKey, body) => {
    const answered = await answer(method, path, apiKey, body);
    if (holdCreated && isCreate({ method, path })) await sleep(HOLD_MS);
    return answered;
  };
  paypal = await startPaypalFakeServer();
  port = await freePort();
  site = await start();
  dataDir = site.dataDir;
  variantId = await seedLabPrint(dataDir, SKU);
}, 120_000);

afterAll(async () => {
  await site?.stop();
  await prodigi?.stop();
  await paypal?.stop();
});

describe(`kill -9 between the payment and the lab, ${ROUNDS} rounds`, () => {
  it('sends every paid order to the lab exactly once', async () => {
    const fake = prodigi.fake;
    const paid: string[] = [];
    const figures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      if (!site) site = await start(dataDir);
      const moment = MOMENTS[round % MOMENTS.length] as (typeof MOMENTS)[number];
      const { orderId, paypalId } = await startLabOrder(site, variantId, SKU);
      const asked = () => fake.requests.filter((r) => isCreate(r) && referenceOf(r.body) === orderId).length;
      const made = () =>
        [...fake.orders.values()].filter((o) => o.request.merchantReference === orderId).length;

      if (moment === 'while the lab takes it') fake.latencyMs = HOLD_MS;
      if (moment === 'before the site hears') holdCreated = true;
      expect(await captureLabOrder(site, paypalId)).toBe(200);
      paid.push(orderId);
      const until = async (done: () => boolean) => {
        const by = Date.now() + 20_000;
        while (!done() && Date.now() < by) await sleep(5);
      };
      if (moment === 'a little later') await sleep(50 + round * 40);
      if (moment === 'while the lab takes it') await until(() => asked() > 0);
      if (moment === 'before the site hears') await until(() => made() > 0);
      const stateAtKill = labOrderRow(dataDir, orderId)?.state;
      const madeAtKill = made();
      site.process.kill('SIGKILL');
      await site.stop();
      site = undefined;
      fake.latencyMs = 0;
      holdCreated = false;

      site = await start(dataDir);
      const by = Date.now() + 30_000;
      while (labOrderRow(dataDir, orderId)?.state !== 'sent' && Date.now() < by) await sleep(50);
      expect(labOrderRow(dataDir, orderId)?.state, `round ${round + 1}`).toBe('sent');
      expect(made(), `round ${round + 1}: lab orders`).toBe(1);
      figures.push(
        `round ${round + 1}, killed ${moment} (outbox row ${stateAtKill ?? 'none'}, lab order made: ${madeAtKill ? 'yes' : 'no'}): ${asked()} call(s) to create, ${made()} lab order`,
      );
    }

    // Every paid order with a lab line reached the lab once, and no lab order is there twice.
    const paidHere = readSiteDb(dataDir, (db) =>
      (
        db
          .prepare(
            `select distinct o.id from orders o join order_items i on i.order_id = o.id
             where o.payment_status = 'completed' and i.lab_sku is not null`,
          )
          .all() as { id: string }[]
      ).map((r) => r.id),
    );
    expect(new Set(paidHere)).toEqual(new Set(paid));
    const references = [...fake.orders.values()].map((o) => o.request.merchantReference);
    expect(references).toHaveLength(new Set(references).size);
    expect(new Set(references)).toEqual(new Set(paid));
    const retried = paid.filter(
      (id) => fake.requests.filter((r) => isCreate(r) && referenceOf(r.body) === id).length > 1,
    );
    console.log(
      `lab crash test: ${paid.length} paid orders, ${references.length} lab orders, ${retried.length} sent more than once and answered with the first order\n${figures.join('\n')}`,
    );
    // Ten restarts of the site, each making a print file: under two minutes alone, but beside the
    // other integration tests and `npm test`'s background lanes on two cores one run took longer.
    // The limit only stops a round that hangs; each round's own waits are bounded above.
  }, 300_000);
});
