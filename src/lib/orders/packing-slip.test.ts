// The packing slip's data: the address split into its lines, each line's print in words with its
// framing said once, a deleted print still named by the words stored with the line, no prices,
// whether it is a test order, the lab's prints left out and counted, and null for no order.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getPackingSlip, labPrintsNote } from '~/lib/orders/packing-slip.server';
import { productVariants } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder, makePhoto, makeVariant } from '~tests/helpers/factories';

describe('getPackingSlip', () => {
  it('names each print, its size, finish and frame, and carries no price', () => {
    const db = memoryDb();
    makePhoto(db, { id: 'p-1', title: 'Sugarloaf in Snow' });
    makeVariant(db, { id: 'v-1', photoId: 'p-1', size: 'medium', finish: 'gloss' });
    makeVariant(db, { id: 'v-gone', photoId: 'p-1', size: 'large', finish: 'matte' });
    makeOrder(db, {
      id: 'o-1',
      customerAddress: ' 1 Strand Road \r\n\r\nBray\n',
      items: [
        { productVariantId: 'v-1', quantity: 3, priceCents: 9000, framingSize: 'medium', description: 'x' },
        { productVariantId: 'v-gone', quantity: 1, priceCents: 5000, description: 'Sugarloaf, large matte' },
        {
          productVariantId: null,
          quantity: 1,
          priceCents: 9500,
          framingSize: 'medium',
          description: 'Wedding: IMG_0042.jpg, medium (12x16 inches) gloss, framed',
        },
      ],
    });
    db.delete(productVariants).where(eq(productVariants.id, 'v-gone')).run();
    const slip = getPackingSlip(db, 'o-1');
    expect(slip?.addressLines).toEqual(['1 Strand Road', 'Bray']);
    expect(slip?.printCount).toBe(5);
    expect(slip?.lines).toEqual([
      expect.objectContaining({
        title: 'Sugarloaf in Snow',
        size: 'Medium · 12 × 16 in (30 × 41 cm)',
        finish: 'Gloss',
        framed: true,
        framing: 'Framed',
        quantity: 3,
      }),
      expect.objectContaining({
        title: 'Sugarloaf, large matte',
        size: null,
        finish: null,
        framed: false,
        framing: 'No framing',
      }),
      // A print not in the shop (a gallery's photo) is named by its stored words, whose framing the
      // frame's column says instead: once.
      expect.objectContaining({
        title: 'Wedding: IMG_0042.jpg, medium (12x16 inches) gloss',
        framed: true,
        framing: 'Framed',
      }),
    ]);
    for (const line of slip?.lines ?? []) {
      expect(
        Object.values(line)
          .join(' ')
          .match(/framed/gi)?.length ?? 0,
      ).toBeLessThanOrEqual(1);
    }
    expect(JSON.stringify(slip)).not.toMatch(/price|9000|5000|total/i);
  });

  it('says whether the order is a test order (test mode: nobody paid)', () => {
    const db = memoryDb();
    makeOrder(db, { id: 'o-paid', payment: 'paid' });
    makeOrder(db, { id: 'o-test', payment: 'test' });
    expect(getPackingSlip(db, 'o-paid')?.testMode).toBe(false);
    expect(getPackingSlip(db, 'o-test')?.testMode).toBe(true);
  });

  it('leaves out the prints the lab makes and sends itself, and counts them', () => {
    const db = memoryDb();
    makeOrder(db, {
      id: 'o-mixed',
      items: [
        { quantity: 2, description: 'Lough Dan, small (8x12 inches) gloss' },
        { quantity: 3, description: 'Lough Tay, large (16x24 inches) matte', labSku: 'GLOBAL-FAP-16X24' },
      ],
    });
    const slip = getPackingSlip(db, 'o-mixed');
    expect(slip?.lines.map((l) => l.title)).toEqual(['Lough Dan, small (8x12 inches) gloss']);
    expect(slip).toMatchObject({ printCount: 2, labPrintCount: 3 });
    expect(slip && labPrintsNote(slip)).toBe(
      '3 prints of this order are made and sent separately by the print lab.',
    );
    expect(labPrintsNote({ lines: slip?.lines ?? [], labPrintCount: 1 })).toBe(
      '1 print of this order is made and sent separately by the print lab.',
    );
  });

  it('says there is nothing to pack when the lab makes the whole order, and nothing of the lab without lab lines', () => {
    const db = memoryDb();
    makeOrder(db, { id: 'o-lab', items: [{ quantity: 1, labSku: 'GLOBAL-FAP-16X24' }] });
    makeOrder(db, { id: 'o-own' });
    const lab = getPackingSlip(db, 'o-lab');
    expect(lab).toMatchObject({ lines: [], printCount: 0, labPrintCount: 1 });
    expect(lab && labPrintsNote(lab)).toBe(
      'Nothing for you to pack: the print lab makes and sends all of this order (1 print).',
    );
    const own = getPackingSlip(db, 'o-own');
    expect(own).toMatchObject({ printCount: 1, labPrintCount: 0 });
    expect(own && labPrintsNote(own)).toBeNull();
  });

  it('is null for an unknown order', () => {
    expect(getPackingSlip(memoryDb(), 'nope')).toBeNull();
  });
});
