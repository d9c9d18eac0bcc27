// The owner's list of contact enquiries: those still waiting for an answer (or all), newest first,
// and marking one handled or waiting again.
import { count, desc, eq, isNull } from 'drizzle-orm';
import { type EnquiryFilter, SERVICE_INTEREST_LABELS, SERVICE_INTERESTS } from '~/lib/enquiries/schemas';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { type ContactInquiry, contactInquiries } from '~db/schema';

function serviceLabel(interest: string | null): string | null {
  return (SERVICE_INTERESTS as readonly string[]).includes(interest ?? '')
    ? SERVICE_INTEREST_LABELS[interest as keyof typeof SERVICE_INTEREST_LABELS]
    : null;
}

/** An enquiry as the owner sees it, with its service in words and the subject of a reply. */
export function toAdminEnquiry(e: ContactInquiry) {
  const label = serviceLabel(e.serviceInterest);
  return {
    id: e.id,
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    serviceInterest: e.serviceInterest,
    serviceLabel: label,
    message: e.message,
    createdAt: e.createdAt,
    handledAt: e.handledAt,
    replySubject: label ? `Re: your enquiry about ${label}` : 'Re: your enquiry',
  };
}

export function countUnhandledEnquiries(db: Db): number {
  return (
    db.select({ n: count() }).from(contactInquiries).where(isNull(contactInquiries.handledAt)).get()?.n ?? 0
  );
}

/** Unhandled enquiries (or all), newest first, with the number still unhandled. */
export function listEnquiries(db: Db, filter: EnquiryFilter = 'unhandled') {
  const rows = db
    .select()
    .from(contactInquiries)
    .where(filter === 'unhandled' ? isNull(contactInquiries.handledAt) : undefined)
    .orderBy(desc(contactInquiries.createdAt), desc(contactInquiries.id))
    .all();
  return { enquiries: rows.map(toAdminEnquiry), unhandled: countUnhandledEnquiries(db) };
}

/**
 * Marks an enquiry handled (keeping the first time it was marked) or waiting again; 404 when there
 * is no such enquiry.
 */
export function setEnquiryHandled(db: Db, id: string, handled: boolean, now = new Date()) {
  const existing = db.select().from(contactInquiries).where(eq(contactInquiries.id, id)).get();
  if (!existing) throw new HttpError(404, 'That enquiry was not found.');
  const handledAt = handled ? (existing.handledAt ?? now) : null;
  const updated = db
    .update(contactInquiries)
    .set({ handledAt })
    .where(eq(contactInquiries.id, id))
    .returning()
    .get();
  return toAdminEnquiry(updated ?? { ...existing, handledAt });
}
