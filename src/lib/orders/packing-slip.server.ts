// An order as its packing slip shows it: who it goes to and what is in the parcel. The slip
// travels in the parcel, so this view carries no prices of the prints and no payment details;
// it does carry the VAT included per rate, as the confirmation mail does, so the parcel holds the
// VAT breakdown of the sale. A test order (test mode: no money was taken) says so, lest it be sent
// as if it were sold. Lines the print lab makes are not in the owner's parcel (the lab sends them
// itself): the slip leaves them out and only counts them.

import { getOrderDetails } from '~/lib/orders/admin-orders.server';
import type { Db } from '~/lib/platform/server/db';
import { isHttpError } from '~/lib/platform/server/http/http';
import { vatIncludedLines } from '~/lib/selling/order-vat';
import { copyLabel } from '~/lib/shop/editions';
import { numberedCopiesOf } from '~/lib/shop/editions.server';
import { FINISH_LABELS, framingWords, sizeWords, withoutFramingWords } from '~/lib/shop/print-choices';
import { FINISHES, type Finish, PRINT_SIZES, type PrintSize } from '~/lib/site/constants';

export interface PackingSlipLine {
  id: string;
  /**
   * The photo's title; for a print not in the shop (deleted since, or a client gallery's photo), the
   * words stored with the line, but for its framing, which the frame's column says.
   */
  title: string;
  /** "Small · 8 × 12 in (20 × 30 cm)", or null when the print is not in the shop. */
  size: string | null;
  finish: string | null;
  framed: boolean;
  /** "Framed" or "No framing": each line says its framing once, in this column. */
  framing: string;
  quantity: number;
  /** "Edition 3 of 30" for each numbered copy of a limited edition in the line. */
  editions: string[];
}

export interface PackingSlip {
  id: string;
  createdAt: Date;
  customerName: string;
  /** As the customer typed it: one line of the address per line of text. */
  addressLines: string[];
  phoneNumber: string | null;
  /** The lines the owner packs: those the print lab makes are left out. */
  lines: PackingSlipLine[];
  /** How many prints go in the parcel. */
  printCount: number;
  /** How many prints of the order the print lab makes and sends itself, not in this parcel. */
  labPrintCount: number;
  /** Made in test mode: nobody paid for it. */
  testMode: boolean;
  /** "Including VAT at 23%: €9.91", a line per rate; none for an order made before VAT was kept. */
  vat: string[];
}

/** A size in inches and centimetres, a material by its name; a code the catalogue lacks as stored. */
const sizeText = (size: string) =>
  (PRINT_SIZES as readonly string[]).includes(size) ? sizeWords(size as PrintSize) : size;
const materialText = (finish: string) =>
  (FINISHES as readonly string[]).includes(finish) ? FINISH_LABELS[finish as Finish] : finish;

/** The packing slip of an order, or null when there is no such order. */
export function getPackingSlip(db: Db, id: string): PackingSlip | null {
  let order: ReturnType<typeof getOrderDetails>;
  try {
    order = getOrderDetails(db, id);
  } catch (err) {
    if (isHttpError(err) && err.status === 404) return null;
    throw err;
  }
  const copies = numberedCopiesOf(db, order.id);
  const packed = order.items.filter((item) => item.labSku === null);
  const prints = (items: typeof order.items) => items.reduce((sum, item) => sum + item.quantity, 0);
  return {
    id: order.id,
    createdAt: order.createdAt,
    customerName: order.customerName,
    addressLines: (order.customerAddress ?? '')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
    phoneNumber: order.phoneNumber,
    lines: packed.map((item) => {
      const variant = item.productVariant;
      return {
        id: item.id,
        title: variant?.photo.title ?? withoutFramingWords(item.description),
        size: variant ? sizeText(variant.size) : null,
        finish: variant ? materialText(variant.finish) : null,
        framed: item.framingSize !== null,
        framing: framingWords(item.framingSize !== null),
        quantity: item.quantity,
        editions: copies
          .filter((c) => c.orderItemId === item.id)
          .map((c) => copyLabel(c.number, c.editionSize)),
      };
    }),
    printCount: prints(packed),
    labPrintCount: prints(order.items) - prints(packed),
    testMode: order.testMode,
    vat: vatIncludedLines(order.vat),
  };
}

const printsWord = (n: number) => (n === 1 ? '1 print' : `${n} prints`);

/**
 * The slip's sentence about the prints the lab sends itself: null when there are none; the whole
 * order when there is nothing for the owner to pack.
 */
export function labPrintsNote(slip: Pick<PackingSlip, 'lines' | 'labPrintCount'>): string | null {
  if (slip.labPrintCount === 0) return null;
  if (slip.lines.length === 0)
    return `Nothing for you to pack: the print lab makes and sends all of this order (${printsWord(slip.labPrintCount)}).`;
  return `${printsWord(slip.labPrintCount)} of this order ${slip.labPrintCount === 1 ? 'is' : 'are'} made and sent separately by the print lab.`;
}
