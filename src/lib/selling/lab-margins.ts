// What a print the lab makes leaves the owner, as the admin shows it (lab-margins.server.ts works
// it out): the shop's price, the VAT inside it, the lab's cost and delivery, and what is left.
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
