// The withdrawal page over HTTP on the built server: the two steps of a real withdrawal (recorded
// once, mailed to the buyer and the owner), the same answer for a wrong address, and what an
// attacker may send: no body, garbage, a huge body, another site's Origin, and more forms than the
// hourly limit per address allows.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortOrderId } from '~/lib/platform/shared/format';
import { orderWithdrawals } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { makeDeliveredOrder } from '../helpers/factories';
import { waitForOutbox } from '../helpers/outbox';
import { type RunningServer, startServer } from '../helpers/server';

let server: RunningServer;
let ref = '';
let orderId = '';
const BUYER = 'niamh@example.ie';

beforeAll(async () => {
  server = await startServer({ OWNER_EMAIL: 'owner@example.com' });
  orderId = randomUUID();
  withSiteDb(server.dataDir, (db) => makeDeliveredOrder(db, { id: orderId, customerEmail: BUYER }));
  ref = shortOrderId(orderId);
});
afterAll(async () => {
  await server?.stop();
});

const post = (body: string | URLSearchParams, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/withdraw`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
    redirect: 'manual',
  });
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const withdrawals = () => withSiteDb(server.dataDir, (db) => db.select().from(orderWithdrawals).all());
/** The page's heading and text, without the markup around them. */
const mainText = (html: string) =>
  (html.match(/<main[\s\S]*<\/main>/)?.[0] ?? html)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const SAME_ANSWER = 'If this order was placed with that address, we have recorded your withdrawal';

describe('/withdraw', () => {
  it('shows the form with its button', async () => {
    const res = await fetch(`${server.url}/withdraw`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Withdraw from contract here');
  });

  it('is named in the terms of sale, with a link to it', async () => {
    const html = await (await fetch(`${server.url}/terms`)).text();
    expect(html).toContain('<a href="/withdraw">withdrawal form</a>');
    expect(html).toContain('choose “Withdraw from contract here” and confirm');
  });

  it('asks for a confirmation first, then records the withdrawal once and mails both', async () => {
    const first = await post(form({ orderNumber: ref, email: BUYER, note: 'All of it' }));
    expect(first.status).toBe(200);
    const confirm = await first.text();
    expect(confirm).toContain('Confirm withdrawal');
    expect(mainText(confirm)).toContain(`You are withdrawing from your purchase in order ${ref}`);
    expect(withdrawals()).toEqual([]);

    const done = await post(form({ step: 'confirm', orderNumber: ref, email: BUYER, note: 'All of it' }));
    expect(done.status).toBe(200);
    const answer = mainText(await done.text());
    expect(answer).toContain(SAME_ANSWER);
    expect(withdrawals()).toEqual([expect.objectContaining({ orderId, note: 'All of it' })]);
    const mails = await waitForOutbox(
      server.dataDir,
      (m) => m.filter((x) => x.text.includes(ref)).length >= 2,
    );
    expect(mails.find((m) => m.to === BUYER)?.subject).toBe(`Your withdrawal from order ${ref} is received`);
    expect(mails.find((m) => m.to === 'owner@example.com')?.subject).toMatch(
      `Withdrawal from order ${ref}: refund by`,
    );

    // A wrong address, and the same order again: word for word the same page, nothing new recorded.
    for (const email of ['someone@example.ie', BUYER]) {
      const again = await post(form({ step: 'confirm', orderNumber: ref, email }));
      expect(again.status).toBe(200);
      expect(mainText(await again.text())).toBe(answer);
    }
    expect(withdrawals()).toHaveLength(1);
  });

  it('refuses no body, garbage and a bad field with 400 and the form again', async () => {
    for (const [body, type] of [
      ['', 'application/x-www-form-urlencoded'],
      ['%%%&&&==', 'application/x-www-form-urlencoded'],
      ['{"orderNumber": ', 'application/json'],
      ['--x\r\ngarbage', 'multipart/form-data; boundary=y'],
      [form({ orderNumber: ref, email: 'not-an-address' }).toString(), 'application/x-www-form-urlencoded'],
    ] as const) {
      const res = await post(body, { 'content-type': type });
      expect(res.status, body).toBe(400);
      expect(await res.text()).toContain('Withdraw from contract here');
    }
  });

  it('refuses a huge body with 413', async () => {
    const res = await post(form({ orderNumber: ref, email: BUYER, note: 'x'.repeat(100_000) }));
    expect(res.status).toBe(413);
    expect(mainText(await res.text())).toContain('The form was too large to read');
  });

  it('refuses a post from another site with 403, recording nothing', async () => {
    const res = await post(form({ step: 'confirm', orderNumber: ref, email: 'x@example.ie' }), {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
  });

  it('answers 429 once an address has sent more forms than the hourly limit', async () => {
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i++) {
      status = (await post(form({ orderNumber: 'abc123', email: `n${i}@example.ie` }))).status;
    }
    expect(status).toBe(429);
    const res = await post(form({ step: 'confirm', orderNumber: ref, email: BUYER }));
    expect(res.status).toBe(429);
    expect(mainText(await res.text())).toContain('Too many forms were sent from your connection');
  });
});
