// The Jobs tab's reads and the shapes of the owner's quote endpoints.
import type { QuoteLineKind, QuoteListItem, QuoteStanding } from '~/lib/jobs/quote-rules';

export type { QuoteListItem };

import type { BalanceView, JobGalleryView } from '~/lib/jobs/balance-rules';
import type { DepositView } from '~/lib/jobs/deposit-rules';
import type { QuoteTotals } from '~/lib/jobs/quote-totals';
import { read } from '~/lib/platform/client/query';

export interface QuoteJson {
  id: string;
  enquiryId: string | null;
  clientName: string;
  clientEmail: string;
  title: string;
  location: string;
  shootDate: string | null;
  validUntil: string;
  terms: string;
  status: 'draft' | 'sent' | 'accepted' | 'changes_requested' | 'withdrawn' | 'cancelled';
  standing: QuoteStanding;
  standingWords: string;
  sentAt: string | null;
  acceptedAt: string | null;
  acceptedName: string | null;
  acceptedTotalCents: number | null;
  depositPercent: number;
  deposit: DepositView;
  balance: BalanceView | null;
  gallery: JobGalleryView | null;
  lines: {
    kind: QuoteLineKind;
    description: string;
    quantity: number;
    unitPriceCents: number;
    netCents: number;
  }[];
  totals: QuoteTotals;
  messages: { message: string; createdAt: string }[];
}

export interface QuoteDefaultsJson {
  packages: { name: string; unitPriceCents: number }[];
  vatRateBp: number;
  terms: string;
  depositPercent: number;
  travelRateCents: number;
  freeRadiusKm: number;
  validUntil: string;
}

/** What the Enquiries tab hands over when the owner writes a quote from a drone enquiry. */
export interface QuotePrefill {
  enquiryId: string;
  clientName: string;
  clientEmail: string;
  message: string;
}

export const QUOTES_KEY = ['/api/admin/quotes'];
export const listKey = (stage: string) => [...QUOTES_KEY, 'list', stage];
export const quoteKey = (id: string) => [...QUOTES_KEY, 'one', id];
export const DEFAULTS_KEY = [...QUOTES_KEY, 'defaults'];

export const readQuotes = (stage: string) =>
  read<{ quotes: QuoteListItem[] }>(`/api/admin/quotes?stage=${encodeURIComponent(stage)}`);
export const readQuote = (id: string) => read<QuoteJson>(`/api/admin/quotes/${encodeURIComponent(id)}`);
export const readDefaults = () => read<QuoteDefaultsJson>('/api/admin/quotes/defaults');
export const quotePath = (id: string) => `/api/admin/quotes/${encodeURIComponent(id)}`;
