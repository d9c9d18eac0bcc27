// The client gallery a drone job is delivered in. The owner attaches one of the client galleries to
// an accepted job, or a new one made with the client's name, e-mail and shoot day. Until the
// balance is paid the gallery is a proofing gallery, not released: the client views watermarked
// copies and chooses favourites, and downloads nothing. Paying the balance releases it (its
// downloads open and the client is mailed its link); so does attaching a gallery to a job whose
// balance is paid, or the owner's "Release the downloads now".
import { eq } from 'drizzle-orm';
import { findGallery } from '~/lib/galleries/galleries.server';
import { ensureRecipientLink, holdForProofing, releaseGallery } from '~/lib/galleries/gallery-release.server';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { galleries, type Quote, quotes } from '~db/schema';
import { paidJobPayment } from './deposit-payments.server';
import { balanceAmounts } from './job-invoices.server';
import { type QuoteView, quoteView } from './quote-view.server';
import type { AttachGalleryInput } from './schemas';

export const NOT_ACCEPTED_FOR_GALLERY = 'Attach a gallery once the client has accepted the quote.';
export const NO_GALLERY = 'Attach a gallery to this job before releasing its downloads.';

function findQuote(db: Db | Tx, id: string): Quote {
  const quote = db.select().from(quotes).where(eq(quotes.id, id)).get();
  if (!quote) throw new HttpError(404, 'There is no such quote.');
  return quote;
}

/** Whether nothing remains for the client to pay: the balance is paid, or there was none. */
function balanceSettled(tx: Tx, quote: Quote): boolean {
  return paidJobPayment(tx, quote.id, 'balance') !== null || balanceAmounts(tx, quote).amountCents <= 0;
}

/** Releases the gallery's downloads (once), in the caller's transaction; answers whether this call did. */
export function releaseJobGalleryIn(tx: Tx, galleryId: string, now: Date): boolean {
  return releaseGallery(tx, galleryId, now).released;
}

/**
 * Attaches a gallery to an accepted job: one of the client galleries, or a new one for the job. The
 * client gets a link of their own to it; it is a proofing gallery until the balance is paid, and
 * released at once when it is paid already.
 */
export function attachGallery(
  db: Db,
  quoteId: string,
  input: AttachGalleryInput,
  now = new Date(),
): QuoteView {
  return db.transaction((tx) => {
    const quote = findQuote(tx, quoteId);
    if (quote.status !== 'accepted') throw new HttpError(409, NOT_ACCEPTED_FOR_GALLERY);
    const galleryId =
      'galleryId' in input
        ? findGallery(tx, input.galleryId).id
        : tx
            .insert(galleries)
            .values({
              title: quote.title,
              clientName: quote.acceptedName ?? quote.clientName,
              clientEmail: quote.clientEmail,
              shootDate: quote.shootDate,
              downloads: 'none',
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: galleries.id })
            .get().id;
    tx.update(quotes).set({ galleryId, updatedAt: now }).where(eq(quotes.id, quote.id)).run();
    ensureRecipientLink(tx, galleryId, quote.acceptedName ?? quote.clientName, quote.clientEmail);
    if (balanceSettled(tx, quote)) releaseGallery(tx, galleryId, now);
    else holdForProofing(tx, galleryId, now);
    return quoteView(tx, findQuote(tx, quote.id), now);
  });
}

/** "Release the downloads now" (the owner): releases the job's gallery whatever the balance. */
export function releaseJobGallery(db: Db, quoteId: string, now = new Date()): QuoteView {
  return db.transaction((tx) => {
    const quote = findQuote(tx, quoteId);
    if (!quote.galleryId) throw new HttpError(409, NO_GALLERY);
    releaseGallery(tx, quote.galleryId, now);
    return quoteView(tx, quote, now);
  });
}
