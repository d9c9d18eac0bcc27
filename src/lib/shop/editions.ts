// Limited editions as visitors and the owner read them: the size rules, the words of the shop card,
// the print dialog, the order and the certificate, and the certificate's address. Pure, so the
// browser's islands and the server's pages use the same words.

/** An edition is 1 to 30 copies, counted across every size and frame of the photo. */
export const MIN_EDITION_SIZE = 1;
export const MAX_EDITION_SIZE = 30;

/** An order holds its copies this long unpaid; then they are free for other buyers again. */
export const RESERVATION_MS = 30 * 60_000;

/**
 * An unpaid order holds at most 3 copies of one edition, and so do all the unpaid orders of one
 * address (client IP) together. A collector buys one copy, a gift two or three; an order for more
 * can still be placed and paid, its other copies taken only when it is paid, if they are still
 * there (the capture checks again before PayPal is asked). Holding is a courtesy to a buyer who is
 * paying: without a cap, one unpaid order for every copy showed the edition as sold out to everyone.
 */
export const MAX_HELD_COPIES = 3;

/** Where a limited edition stands: copies sold (numbered), held by unpaid orders, and still for sale. */
export interface EditionState {
  editionSize: number;
  sold: number;
  reserved: number;
  left: number;
}

/** "Limited edition of 30 · 4 left", or "Limited edition of 30 · Sold out". */
export function editionLine(state: Pick<EditionState, 'editionSize' | 'left'>): string {
  return `Limited edition of ${state.editionSize} · ${state.left > 0 ? `${state.left} left` : 'Sold out'}`;
}

/** "Edition 3 of 30": one numbered copy. */
export const copyLabel = (number: number, editionSize: number) => `Edition ${number} of ${editionSize}`;

/**
 * A certificate's code: 15 random bytes as 24 characters of lower-case base32 (120 bits), so that
 * nobody finds a certificate by guessing.
 */
export const CERTIFICATE_CODE_PATTERN = /^[a-z2-7]{24}$/;

export const certificatePath = (code: string) => `/certificate/${code}`;
