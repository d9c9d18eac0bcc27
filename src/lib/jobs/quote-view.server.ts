// A quote as every reader shows it: its lines with their net amounts and the totals from the one
// sum (quote-totals.ts), where it stands today, and the client's change requests.
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '~/lib/platform/server/db';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { type Quote, quoteLines, quoteMessages } from '~db/schema';
import { balanceView, jobGalleryView } from './balance-payments.server';
import type { BalanceView, JobGalleryView } from './balance-rules';
import { depositView } from './deposit-payments.server';
import type { DepositView } from './deposit-rules';
import type { CancellationView } from './job-cancel-rules';
import { cancellationView, paidCentsOf } from './job-cancel-view.server';
import { type QuoteLineKind, type QuoteStanding, quoteStanding, standingWords } from './quote-rules';
import { type QuoteTotals, quoteTotals } from './quote-totals';

export interface QuoteLineView {
  kind: QuoteLineKind;
  description: string;
  quantity: number;
  unitPriceCents: number;
  netCents: number;
}

export interface QuoteView {
  id: string;
  enquiryId: string | null;
  clientName: string;
  clientEmail: string;
  title: string;
  location: string;
  shootDate: string | null;
  validUntil: string;
  terms: string;
  status: Quote['status'];
  standing: QuoteStanding;
  /** Where it stands, in the owner's list's words. */
  standingWords: string;
  revision: number;
  sentAt: string | null;
  acceptedAt: string | null;
  acceptedName: string | null;
  acceptedTotalCents: number | null;
  depositPercent: number;
  /** The deposit asked of the accepted total (of the current total before acceptance), and whether paid. */
  deposit: DepositView;
  /** The balance once accepted (what remains after the deposit paid), invoiced or paid; null before. */
  balance: BalanceView | null;
  /** The client gallery the job is delivered in, once attached. */
  gallery: JobGalleryView | null;
  /** What the client paid (deposit and balance, test payments included). */
  paidCents: number;
  /** Once the owner cancelled the job: why, what was refunded and the credit notes; else null. */
  cancellation: CancellationView | null;
  lines: QuoteLineView[];
  totals: QuoteTotals;
  messages: { message: string; createdAt: string }[];
  createdAt: string;
  updatedAt: string;
}

export function linesOf(db: Db | Tx, quoteId: string) {
  return db
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position))
    .all();
}

export function quoteView(db: Db | Tx, quote: Quote, now = new Date()): QuoteView {
  const lines = linesOf(db, quote.id);
  const totals = quoteTotals(lines, quote.vatRateBp);
  const today = irishDay(now);
  const messages = db
    .select()
    .from(quoteMessages)
    .where(eq(quoteMessages.quoteId, quote.id))
    .orderBy(asc(quoteMessages.createdAt))
    .all();
  return {
    id: quote.id,
    enquiryId: quote.enquiryId,
    clientName: quote.clientName,
    clientEmail: quote.clientEmail,
    title: quote.title,
    location: quote.location,
    shootDate: quote.shootDate,
    validUntil: quote.validUntil,
    terms: quote.terms,
    status: quote.status,
    standing: quoteStanding(quote.status, quote.validUntil, today),
    standingWords: standingWords(
      {
        status: quote.status,
        validUntil: quote.validUntil,
        sentDay: quote.sentAt ? irishDay(quote.sentAt) : null,
        acceptedName: quote.acceptedName,
        acceptedDay: quote.acceptedAt ? irishDay(quote.acceptedAt) : null,
      },
      today,
    ),
    revision: quote.revision,
    sentAt: quote.sentAt?.toISOString() ?? null,
    acceptedAt: quote.acceptedAt?.toISOString() ?? null,
    acceptedName: quote.acceptedName,
    acceptedTotalCents: quote.acceptedTotalCents,
    depositPercent: quote.depositPercent,
    deposit: depositView(db, quote, totals.grossCents),
    balance: balanceView(db, quote),
    gallery: jobGalleryView(db, quote),
    paidCents: paidCentsOf(db, quote.id),
    cancellation: cancellationView(db, quote),
    lines: lines.map((l, i) => ({
      kind: l.kind,
      description: l.description,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      netCents: totals.lineNetCents[i] ?? 0,
    })),
    totals,
    messages: messages.map((m) => ({ message: m.message, createdAt: m.createdAt.toISOString() })),
    createdAt: quote.createdAt.toISOString(),
    updatedAt: quote.updatedAt.toISOString(),
  };
}
