// The quote of a cart as the checkout reads it (POST /api/checkout/quote, made by quote-cart.server.ts):
// amounts are euro strings with 2 decimals ("12.50"), rates percent numbers (23, 13.5). The browser
// shows these figures as they come and never works out an amount to charge itself.
import type { PrintSize } from '~/lib/site/constants';

export interface QuoteAnswer {
  currency: 'EUR';
  zone: { id: string; name: string };
  itemTotal: string;
  /** All shipping: the parts below added up. */
  shipping: string;
  /**
   * Who sends what: the owner's shipping for the prints the owner makes (by zone), and the print
   * lab's delivery for the prints it makes, with its method, where it makes them, and every
   * speed the buyer may choose instead with its price. Only the parts the cart has.
   */
  shippingParts: (
    | { by: 'owner'; amount: string }
    | {
        by: 'lab';
        amount: string;
        method: string;
        madeIn: string[];
        /** The same countries as words for a sentence ("the Netherlands"). */
        madeInWords: string[];
        options: { method: string; amount: string }[];
      }
  )[];
  discount: string;
  total: string;
  /** The code applied (upper case), or null. */
  discountCode: string | null;
  /** The VAT inside the total per rate, highest rate first. */
  vat: { rate: number; amount: string }[];
  lines: {
    variantId: string;
    framing: PrintSize | null;
    description: string;
    quantity: number;
    unitAmount: string;
    /** unitAmount × quantity, before the discount. */
    total: string;
    /** This line's share of the discount. */
    discount: string;
    /** The rate of the print's VAT; a frame's is framingVatRate. */
    vatRate: number;
    framingVatRate: number | null;
    /** Who makes and sends this print: the owner, or the print lab. */
    madeBy: 'owner' | 'lab';
  }[];
}
