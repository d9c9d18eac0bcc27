// The VAT invoice of a paid order of 10 lines (each a framed print with its frame taxed apart, a
// discount, shipping) as the owner downloads it, /api/admin/orders/{id}/invoice.pdf: the median
// time to its last byte over 50 downloads, beside a one-page pdfkit document of one line of text
// made in this process. `node scripts/bench/invoice-pdf.mjs` runs it alone on a site of its own.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { met, printTable, signInOwner, startSite } from './lib.mjs';

const RUNS = 50;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** A paid order of 10 lines and its invoice, written straight into the site's database: its id. */
async function seedInvoicedOrder(dbFile) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(dbFile);
  try {
    const id = randomUUID();
    const now = Date.now();
    db.transaction(() => {
      db.prepare(
        `insert into orders (id, customer_name, customer_email, customer_address, total_amount_cents,
           item_total_cents, discount_cents, discount_code, shipping_cents, shipping_vat_rate_bp,
           shipping_vat_cents, payment_status, status, paid_at, created_at, updated_at)
         values (?, 'Siobhán Ní Dhónaill', 'siobhan@example.ie', '12 Main Street\nA67 X123 Wicklow\nIreland',
           145500, 160000, 16000, 'SPRING10', 1500, 2300, 280, 'completed', 'processing', ?, ?, ?)`,
      ).run(id, now, now, now);
      const line = db.prepare(
        `insert into order_items (id, order_id, quantity, price_cents, framing_size, framing_price_cents,
           description, discount_cents, vat_rate_bp, vat_cents, framing_vat_rate_bp, framing_vat_cents,
           framing_discount_cents)
         values (?, ?, 1, 16000, 'large', 4000, ?, 1600, 1350, 1285, 2300, 673, 400)`,
      );
      for (let i = 1; i <= 10; i++)
        line.run(randomUUID(), id, `Glendalough at dawn ${i}, large (16x20 inches) matte, framed`);
      db.prepare(
        `insert into invoices (id, kind, number, order_id, issued_at, supplier, buyer_name, buyer_address, amount_cents)
         values (?, 'invoice', coalesce((select max(number) from invoices where kind = 'invoice'), 0) + 1, ?, ?, null,
           'Siobhán Ní Dhónaill', '12 Main Street\nA67 X123 Wicklow\nIreland', 145500)`,
      ).run(randomUUID(), id, now);
    })();
    return id;
  } finally {
    db.close();
  }
}

async function download(url, cookie) {
  const t = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  return performance.now() - t;
}

/** A one-page pdfkit document of one line, made here: ms. */
async function baseline() {
  const { default: PDFDocument } = await import('pdfkit');
  const once = () =>
    new Promise((resolve) => {
      const doc = new PDFDocument({ size: 'A4' });
      doc.on('data', () => {});
      doc.on('end', resolve);
      doc.font('Helvetica').text('Invoice');
      doc.end();
    });
  await once();
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await once();
    times.push(performance.now() - t);
  }
  return median(times);
}

/** The row of the bench table. */
export async function invoicePdfRows(base, cookie, dbFile) {
  const id = await seedInvoicedOrder(dbFile);
  const url = `${base}/api/admin/orders/${id}/invoice.pdf`;
  await download(url, cookie); // warm-up
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push(await download(url, cookie));
  const p50 = median(times);
  const base1 = await baseline();
  return [
    [
      `VAT invoice PDF of a 10-line order, owner's download (p50 of ${RUNS})`,
      `${p50.toFixed(1)} ms`,
      `${base1.toFixed(1)} ms (pdfkit alone, one line)`,
      `${(p50 / base1).toFixed(1)}×`,
      '≤ 50 ms',
      met(p50 <= 50),
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-invoice-'));
  const password = 'bench-password-123';
  const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: '0', OWNER_PASSWORD: password });
  try {
    const cookie = await signInOwner(site.url, password);
    printTable(await invoicePdfRows(site.url, cookie, join(dataDir, 'site.sqlite')));
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
