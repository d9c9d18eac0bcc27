// What happens once at start, before the server listens: migrations (in getDb), the owner
// account, and the demo content on an empty database.

import { getLog } from '~/lib/platform/server/log';
import { startAbandonedOrderCleanup } from '../src/lib/checkout/abandoned-orders.server';
import { startPaymentReconciler } from '../src/lib/checkout/payment-reconcile.server';
import { startCardPaymentLapse } from '../src/lib/checkout/stripe-checkout.server';
import { makeGalleryDerivativesPrivate } from '../src/lib/galleries/gallery-media.server';
import { resumeGalleryProcessing } from '../src/lib/galleries/gallery-processing.server';
import { startExpiryReminders } from '../src/lib/galleries/gallery-reminders.server';
import { startJobReminders } from '../src/lib/jobs/job-reminders.server';
import { isQuoteAttachment, renderQuoteAttachment } from '../src/lib/jobs/quote-attachment.server';
import { getLab } from '../src/lib/lab/lab-backend.server';
import { startLabSender } from '../src/lib/lab/lab-sender.server';
import { requeueInterrupted, runMediaQueue } from '../src/lib/media/media-jobs.server';
import { startStorageSweep } from '../src/lib/media/storage-sweep.server';
import { renderMailAttachment } from '../src/lib/orders/invoice-pdf.server';
import { startLabRefresh } from '../src/lib/orders/lab-order-refresh.server';
import { applyLabOrder } from '../src/lib/orders/lab-order-status.server';
import { getPaypalClient } from '../src/lib/payments/backend.server';
import { cardsOn } from '../src/lib/payments/stripe-access.server';
import { getStripe } from '../src/lib/payments/stripe-client.server';
import { ensureOwner } from '../src/lib/platform/server/auth/auth';
import { markDataDirInUse } from '../src/lib/platform/server/backup/data-dir-lock';
import { getConfig, type StorageSettings, type UploadsFrom } from '../src/lib/platform/server/config';
import { getDb } from '../src/lib/platform/server/db';
import { startMailSender } from '../src/lib/platform/server/mail/mail-sender';
import { startHoldRelease } from '../src/lib/shop/editions.server';
import { fillMissingSlugs } from '../src/lib/shop/print-slugs.server';
import { mailSenderName } from '../src/lib/site/business.server';
import { startVisitFlusher } from '../src/lib/visits/counter.server';
import { seedDemo } from './seed/demo';

/** Where the media are, said at every start; for files an earlier version kept, how to move them. */
export function uploadsLine(dir: string, from: UploadsFrom, storage?: StorageSettings): string {
  if (storage?.driver === 's3') {
    const where = storage.s3.endpoint ?? 'AWS';
    return `Media files are in the S3 bucket ${storage.s3.bucket} at ${where}, the public ones served from ${storage.mediaPublicUrl}; ${dir} holds only work files.`;
  }
  if (from !== 'DATA_DIR') return `Media files are in ${dir}.`;
  return `Media files are read where an earlier version kept them, in ${dir} (DATA_DIR/uploads). To keep them elsewhere, stop the site, move that folder, and set UPLOADS_DIR to its new place.`;
}

export async function boot(): Promise<void> {
  const config = getConfig();
  const db = getDb();
  markDataDirInUse(config.dataDir);
  getLog().info(uploadsLine(config.uploadsDir, config.uploadsFrom, config.storage));
  const owner = await ensureOwner(db);
  if (owner.created && owner.password) {
    const line = '─'.repeat(64);
    // The one secret the server ever prints: a password it generated, shown once on the terminal
    // (not in the structured log), because nobody else knows it.
    console.log(
      `\n${line}\n  Owner account created: ${config.ownerEmail}\n  Password (shown once): ${owner.password}\n  Set OWNER_PASSWORD to choose your own; sign in at ${config.siteUrl}/api/login\n${line}\n`,
    );
  } else if (owner.created) {
    getLog().info(`Owner account created for ${config.ownerEmail}.`);
  }
  if (config.seedDemo) {
    const report = await seedDemo(db);
    if (report.seeded) getLog().info(`Demo content seeded (${report.photos} photos) in ${report.ms} ms.`);
  }
  // Photos added before print pages existed get their page's slug (a no-op once all have one). Here
  // rather than in the migration: the slug folds the title to ASCII and avoids every slug in use,
  // which SQL cannot do, and this way old and new photos are named by the same code.
  const named = fillMissingSlugs(db);
  if (named > 0) getLog().info(`Gave ${named} photo(s) the address of their print page.`);
  // AVIF ladders left pending (by the seed, an upload, or a restart) are made in the background,
  // after an older site's gallery derivatives are moved from media/ to their private prefix (once).
  requeueInterrupted(db);
  setTimeout(() => {
    makeGalleryDerivativesPrivate(db)
      .catch((err) => getLog().error({ err }, 'Gallery derivatives could not be made private.'))
      .then(() => runMediaQueue(db))
      .catch((err) => getLog().error({ err }, 'The media queue stopped.'));
  }, 1000).unref();
  // Gallery files whose processing the last stop interrupted are processed again.
  resumeGalleryProcessing(db);
  // Queued mails are delivered in the background, those interrupted by the last stop included,
  // each sent as the business's trading name (or the site's configured name).
  // A buyer's confirmation carries its VAT invoice, rendered as it leaves from the issued document;
  // a drone client's quote mails carry the quote.
  startMailSender(db, {
    senderName: mailSenderName,
    attachment: (db, name) =>
      isQuoteAttachment(name) ? renderQuoteAttachment(db, name) : renderMailAttachment(db, name),
  });
  // Payments left unsettled by the last stop are settled now; those PayPal held for review are
  // asked about again until they settle.
  startPaymentReconciler(db, getPaypalClient, config.paypal.recheckPendingMs);
  // Paid orders with prints the lab makes are sent to it from their outbox, those a stop
  // interrupted included (the order id is the lab's idempotency key: never printed twice); the
  // shop's status follows the lab's answer. The lab's unfinished orders are asked about again
  // every few minutes, for the callbacks that cannot reach this site.
  startLabSender(db, getLab, config.lab.sendEveryMs, (_, order) =>
    applyLabOrder(db, order, { labName: getLab()?.name }),
  );
  startLabRefresh(db, getLab);
  // Orders never paid are removed 7 days after they were started: now, then every hour.
  startAbandonedOrderCleanup(db);
  // Edition copies held by orders left unpaid for 30 minutes are released every minute, so the
  // shop's cached pages count them as for sale again.
  startHoldRelease(db);
  // Card payments left unmade for 30 minutes that hold a discount code's use or an edition copy are
  // cancelled at Stripe, and what they held is given back.
  startCardPaymentLapse(db, () => (cardsOn(db) ? getStripe(db) : null));
  // Galleries whose owner asked for it remind their recipients 7 days before they expire: now, then hourly.
  startExpiryReminders(db);
  // Drone clients are reminded of their shoot two days before it, and of an unpaid balance invoice
  // 7 and 14 days after it was sent: now, then hourly.
  startJobReminders(db);
  // Uploads never finished or never saved to a record are removed after 24 hours: now, then hourly.
  startStorageSweep(db);
  // Page views are counted in memory and written every VISITS_FLUSH_SECONDS (lib/visits).
  if (config.visits.enabled) startVisitFlusher(db, config.visits.flushEveryMs);
}
