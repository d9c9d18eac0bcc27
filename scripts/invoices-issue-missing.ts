// `npm run invoices:issue-missing [-- --dry-run]`: issues the VAT invoice of every paid order (never
// a test order) that has none, because it was paid before invoices were issued: oldest payment
// first, each numbered next in the one sequence and dated today, with the payment date as its date
// of supply; a refunded order gets its credit note right after its invoice. The same service as the
// order dialog's "Issue invoice", so the script may run beside the server, and as there each buyer
// is mailed the documents issued (queued in the database; the site's mail sender delivers them, at
// its next start if it is not running). It prints one line per order; --dry-run lists the orders
// and issues and mails nothing. Run with the server's DATA_DIR.
import { eq } from 'drizzle-orm';
import { documentNumber } from '~/lib/checkout/invoice-number';
import { issueMissingInvoice, ordersMissingInvoice } from '~/lib/orders/late-invoices.server';
import { getConfig } from '~/lib/platform/server/config';
import { closeDb, getDb } from '~/lib/platform/server/db';
import { formatEuro, shortOrderId } from '~/lib/platform/shared/format';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { orders } from '~db/schema';

const dryRun = process.argv.includes('--dry-run');
const db = getDb();
try {
  const ids = ordersMissingInvoice(db);
  console.log(
    ids.length === 0
      ? `Every paid order in ${getConfig().dataDir} has its invoice: nothing to issue.`
      : `${ids.length} paid order${ids.length === 1 ? '' : 's'} without an invoice in ${getConfig().dataDir}${dryRun ? ' (dry run: nothing is issued)' : ''}:`,
  );
  for (const id of ids) {
    const order = db.select().from(orders).where(eq(orders.id, id)).get();
    if (!order) continue;
    const what = `order ${shortOrderId(id)}, paid ${order.paidAt ? irishDay(order.paidAt) : '?'}, ${formatEuro(order.totalAmountCents)}${order.refundId ? ', refunded' : ''}`;
    if (dryRun) {
      console.log(`  ${what}`);
      continue;
    }
    const { invoice, creditNote, issued } = issueMissingInvoice(db, id, 'npm run invoices:issue-missing');
    const numbers = [invoice, creditNote].flatMap((d) => (d ? [documentNumber(d.kind, d.number)] : []));
    const mailed = issued && order.customerEmail ? `, mailed to ${order.customerEmail}` : '';
    console.log(`  ${what}: ${issued ? 'issued' : 'already had'} ${numbers.join(', then ')}${mailed}`);
  }
} finally {
  closeDb();
}
