// The invoice of an order paid before invoices were issued, over HTTP against the built server:
// POST /api/admin/orders/{id}/invoice answers the owner alone, refuses a test order with a sentence,
// gives one number to an order however many requests arrive at once, and none twice across orders,
// also while `npm run invoices:issue-missing` runs beside the server; the PDF is dated today with the
// payment day as its date of supply, and names the One-Stop-Shop country whose VAT the order carried.
import { spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { makeOrder } from '../helpers/factories';
import { pdfText } from '../helpers/pdf-text';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let site: RunningServer;
let owner: string;
let former: string;

beforeAll(async () => {
  // An account that is no longer the owner's: made when OWNER_EMAIL named it, kept after.
  const first = await startServer({ OWNER_EMAIL: 'former@example.com' });
  await first.stop();
  site = await startServer({ DATA_DIR: first.dataDir });
  owner = await signIn(site.url);
  former = await signIn(site.url, 'former@example.com');
});

afterAll(async () => {
  await site?.stop();
});

const issue = (orderId: string, cookie?: string) =>
  fetch(`${site.url}/api/admin/orders/${orderId}/invoice`, {
    method: 'POST',
    headers: { origin: site.url, ...(cookie ? { cookie } : {}) },
  });

const order = (overrides: Parameters<typeof makeOrder>[1]) =>
  withSiteDb(site.dataDir, (db) => makeOrder(db, overrides).id);

const documents = () =>
  withSiteDb(site.dataDir, (db) =>
    db
      .select({ kind: invoices.kind, number: invoices.number, orderId: invoices.orderId })
      .from(invoices)
      .all(),
  );

describe('issuing a missing invoice', () => {
  it('is refused without a session and to a signed-in user who is not the owner', async () => {
    const id = order({ payment: 'paid' });
    expect([401, 403]).toContain((await issue(id)).status);
    expect([401, 403]).toContain((await issue(id, former)).status);
    expect(documents().filter((d) => d.orderId === id)).toEqual([]);
  });

  it('is refused for a test order, with a sentence, using no number', async () => {
    const id = order({ payment: 'test' });
    const res = await issue(id, owner);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      message:
        'A test order gets no VAT invoice: nothing was paid, so it takes no number of the real sequence.',
    });
    expect(documents().filter((d) => d.orderId === id)).toEqual([]);
  });

  it('gives one number to an order asked for at once many times, and distinct numbers to two', async () => {
    const before = documents().filter((d) => d.kind === 'invoice').length;
    const a = order({ payment: 'paid' });
    const b = order({ payment: 'paid' });
    const answers = await Promise.all([a, b, a, b, a, b, a, b].map((id) => issue(id, owner)));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as {
      id: string;
      invoiceNumber: string;
      issued: boolean;
      invoiceMissing: boolean;
    }[];
    const numberOf = (id: string) => new Set(bodies.filter((x) => x.id === id).map((x) => x.invoiceNumber));
    expect(numberOf(a).size).toBe(1);
    expect(numberOf(b).size).toBe(1);
    expect(bodies.filter((x) => x.issued)).toHaveLength(2);
    expect(bodies.every((x) => !x.invoiceMissing)).toBe(true);
    const numbers = documents()
      .filter((d) => d.kind === 'invoice')
      .map((d) => d.number)
      .sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: before + 2 }, (_, i) => i + 1));
  });

  it('dates the invoice today, the payment day its date of supply, and names the One-Stop-Shop', async () => {
    const id = order({ payment: 'paid', paidAt: new Date('2026-03-02T10:00:00Z'), ossCountry: 'DE' });
    const details = await (await issue(id, owner)).json();
    const pdf = await fetch(`${site.url}/api/admin/orders/${id}/invoice.pdf`, { headers: { cookie: owner } });
    expect(pdf.status).toBe(200);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(`Number: ${details.invoiceNumber}`);
    const today = new Intl.DateTimeFormat('en-IE', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Dublin',
    }).format(new Date());
    expect(text).toContain(`Date of issue: ${today}`);
    expect(text).toContain('Date of supply: 2 March 2026');
    expect(text).toContain('VAT charged at the rates of Germany under the EU One-Stop-Shop scheme.');
  });

  it('gives a refunded order its invoice and then its credit note', async () => {
    const id = order({ payment: 'refunded' });
    const details = await (await issue(id, owner)).json();
    expect(details).toMatchObject({
      invoiceNumber: expect.stringMatching(/^INV-/),
      creditNoteNumber: 'CN-000001',
    });
    const note = await fetch(`${site.url}/api/admin/orders/${id}/credit-note.pdf`, {
      headers: { cookie: owner },
    });
    expect(pdfText(Buffer.from(await note.arrayBuffer()))).toContain(
      `Refers to invoice ${details.invoiceNumber}`,
    );
  });

  it('leaves no gap and no number twice when the script runs beside the owner’s requests', async () => {
    const ids = Array.from({ length: 6 }, (_, i) =>
      order({ payment: 'paid', paidAt: new Date(Date.UTC(2026, 0, 10 + i)) }),
    );
    const script = new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn('npx', ['tsx', 'scripts/invoices-issue-missing.ts'], {
        env: { ...process.env, DATA_DIR: site.dataDir },
      });
      let out = '';
      child.stdout.on('data', (c) => {
        out += c;
      });
      child.stderr.on('data', (c) => {
        out += c;
      });
      child.on('close', (code) => resolve({ code, out }));
    });
    const requests = Promise.all([...ids].reverse().map((id) => issue(id, owner)));
    const [run, answers] = await Promise.all([script, requests]);
    expect(run.code, run.out).toBe(0);
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    const all = documents().filter((d) => d.kind === 'invoice');
    const numbers = all.map((d) => d.number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    for (const id of ids) expect(all.filter((d) => d.orderId === id)).toHaveLength(1);
    withSiteDb(site.dataDir, (db) => {
      expect(db.select().from(invoices).where(eq(invoices.kind, 'credit_note')).all()).toHaveLength(1);
    });
  });
});
