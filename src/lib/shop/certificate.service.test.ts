// The page of certificates for the lab's parcel, read from a real database: every numbered copy
// of the order's lines the lab makes (not the owner's own lines, not copies still held unpaid),
// with the photo's title, the print in its line's words, the sale date, the code and its address,
// signed by the owner's name; none for an order without such a copy.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '~/lib/platform/server/db';
import { OWNER_NAME } from '~/lib/site/constants';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeEditionCopy, makeOrder, makePhoto, makeUser, makeVariant } from '~tests/helpers/factories';
import { labCertificateSheet } from './certificate.server';

tempDataDir('certificate-sheet');

const SITE = 'https://example.ie';
let db: Db;
beforeEach(() => {
  db = memoryDb();
});

function editionOrder() {
  const photo = makePhoto(db, { title: 'Lough Tay', editionSize: 25 });
  const variant = makeVariant(db, { photoId: photo.id, size: 'large', finish: 'matte' });
  const order = makeOrder(db, {
    payment: 'paid',
    items: [
      {
        productVariantId: variant.id,
        quantity: 2,
        editionSize: 25,
        description: 'Lough Tay, large (16x24 inches) matte — Hahnemühle Photo Rag fine art print, 16x24"',
        labSku: 'GLOBAL-FAP-16X24',
      },
      // A line the owner makes herself: its certificate goes in her own parcel.
      { productVariantId: variant.id, quantity: 1, editionSize: 25, description: 'Lough Tay, small' },
    ],
  });
  const [lab, own] = order.items as [(typeof order.items)[number], (typeof order.items)[number]];
  const copy = (orderItemId: string, number: number | null, code: string | null) =>
    makeEditionCopy(db, {
      photoId: photo.id,
      orderId: order.id,
      orderItemId,
      number,
      certificateCode: code,
      soldAt: number ? new Date('2026-03-12T10:00:00Z') : null,
    });
  copy(lab.id, 4, 'dddddddddddddddddddddddd');
  copy(lab.id, 3, 'cccccccccccccccccccccccc');
  copy(own.id, 5, 'eeeeeeeeeeeeeeeeeeeeeeee');
  return { order, photo };
}

describe('labCertificateSheet', () => {
  it('holds the numbered copies of the lines the lab makes, in order, with their words', () => {
    const { order } = editionOrder();
    makeUser(db, { email: 'owner@example.com', firstName: 'Niamh', lastName: 'Doyle' });
    const sheet = labCertificateSheet(db, order.id, SITE);
    expect(sheet?.photographer).toBe('Niamh Doyle');
    expect(sheet?.copies).toEqual(
      [3, 4].map((n) => ({
        title: 'Lough Tay',
        number: n,
        editionSize: 25,
        print: 'large (16x24 inches) matte — Hahnemühle Photo Rag fine art print, 16x24"',
        soldAt: new Date('2026-03-12T10:00:00Z'),
        code: (n === 3 ? 'c' : 'd').repeat(24),
        url: `${SITE}/certificate/${(n === 3 ? 'c' : 'd').repeat(24)}`,
      })),
    );
  });

  it('is signed by the studio without the owner’s name, and is none without a numbered lab copy', () => {
    const { order } = editionOrder();
    expect(labCertificateSheet(db, order.id, SITE)?.photographer).toBe(OWNER_NAME);
    const open = makeOrder(db, { payment: 'paid', items: [{ labSku: 'GLOBAL-FAP-16X24' }] });
    expect(labCertificateSheet(db, open.id, SITE)).toBeNull();
    expect(labCertificateSheet(db, 'no-such-order', SITE)).toBeNull();
    // A copy still held by an unpaid order has no number and no certificate yet.
    const photo = makePhoto(db, { editionSize: 10 });
    const unpaid = makeOrder(db, {
      items: [{ productVariantId: makeVariant(db, { photoId: photo.id }).id, labSku: 'GLOBAL-FAP-16X24' }],
    });
    makeEditionCopy(db, { photoId: photo.id, orderId: unpaid.id, orderItemId: unpaid.items[0]?.id });
    expect(labCertificateSheet(db, unpaid.id, SITE)).toBeNull();
  });
});
