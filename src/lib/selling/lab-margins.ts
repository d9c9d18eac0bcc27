// What a print the lab makes leaves the owner, as the admin shows it (lab-margins.server.ts works
// it out): the shop's price, the VAT inside it, the lab's cost and delivery, and what is left.
import { z } from 'zod';
import type { Finish, PrintSize } from '~/lib/site/constants';

export interface LabMargin {
  size: PrintSize;
  finish: Finish;
  framed: boolean;
  sku: string;
  priceCents: number;
  vatCents: number;
  /** Null when the lab could not price it now (`problem` says why). */
  labCostCents: number | null;
  labDeliveryCents: number | null;
  /** price − VAT − the lab's cost; null without the lab's cost. */
  leftCents: number | null;
  problem: string | null;
}

/** A price list the margins can be worked out under. */
export interface MarginList {
  id: string;
  name: string;
  /** Copies of a limited edition have prices of their own under this list. */
  editionPrices: boolean;
}

/** GET /api/admin/lab/margins: the margins under one price list, of open prints or edition copies. */
export interface LabMarginsView {
  list: MarginList;
  edition: boolean;
  lists: MarginList[];
  margins: LabMargin[];
}

/** The margins' query: `list` (a price list's id; the default when left out) and `edition=1`. */
export const labMarginsQuerySchema = z.object({
  list: z.string().trim().min(1).max(64, 'That price list was not found.').optional(),
  edition: z
    .enum(['0', '1'], { error: 'Say edition=1 for the copies of limited editions, or leave it out.' })
    .optional()
    .transform((v) => v === '1'),
});
