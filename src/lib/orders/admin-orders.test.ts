// The owner's order list: newest first, 10 a page by default, pages and totals right at 0, 1, 10,
// 11 and 25 orders, search by the customer's e-mail or name (case-insensitive, a substring, LIKE
// wildcards taken as themselves), the status filter; and one order in full with its history.
import { beforeEach, describe, expect, it } from 'vitest';
import { getOrderDetails, likePattern, listOrders, listRecentOrders } from '~/lib/orders/admin-orders.server';
import { ordersQuerySchema } from '~/lib/orders/schemas';
import type { Db } from '~/lib/platform/server/db';
import { orderStatusHistory } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder, makePhoto, makeVariant, nextTime } from '~tests/helpers/factories';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const query = (q: Record<string, string | null> = {}) =>
  ordersQuerySchema.parse({ page: null, limit: null, search: null, status: null, ...q });
const list = (q: Record<string, string | null> = {}) => listOrders(db, query(q));
const makeOrders = (n: number) =>
  Array.from({ length: n }, (_, i) => makeOrder(db, { customerName: `Customer ${i + 1}` }));

describe('the order list', () => {
  it.each([
    [0, [0], 0],
    [1, [1, 0], 1],
    [10, [10, 0], 1],
    [11, [10, 1, 0], 2],
    [25, [10, 10, 5, 0], 3],
  ])('pages %i orders 10 at a time', (n, sizes, pages) => {
    const made = makeOrders(n);
    const newestFirst = made.map((o) => o.id).reverse();
    sizes.forEach((size, i) => {
      const { orders, total } = list({ page: String(i + 1) });
      expect(total).toBe(n);
      expect(orders.map((o) => o.id)).toEqual(newestFirst.slice(i * 10, i * 10 + size));
    });
    expect(Math.ceil(n / 10)).toBe(pages);
  });

  it('takes another page size up to 50, and refuses bad pages, limits and statuses', () => {
    makeOrders(25);
    expect(list({ limit: '50' }).orders).toHaveLength(25);
    expect(list({ limit: '7', page: '4' }).orders).toHaveLength(4);
    for (const bad of [
      { page: '0' },
      { page: '-1' },
      { page: 'x' },
      { page: '1.5' },
      { limit: '51' },
      { limit: '0' },
      { status: 'lost' },
    ]) {
      expect(ordersQuerySchema.safeParse({ ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
    expect(query({ page: '', limit: '', search: '  ', status: '' })).toEqual({
      page: 1,
      limit: 10,
      search: '',
      status: 'all',
    });
  });

  it('finds orders by part of the e-mail or name, in any case', () => {
    const a = makeOrder(db, { customerName: 'Aoife Byrne', customerEmail: 'aoife@example.ie' });
    const b = makeOrder(db, { customerName: 'Seán Ó Briain', customerEmail: 'SEAN@Example.com' });
    makeOrder(db, { customerName: 'Cian Doyle', customerEmail: null });
    const ids = (search: string) => list({ search }).orders.map((o) => o.id);
    expect(ids('BYRNE')).toEqual([a.id]);
    expect(ids('sean@example')).toEqual([b.id]);
    expect(ids('example')).toEqual([b.id, a.id]);
    expect(ids('nobody')).toEqual([]);
    expect(list({ search: 'example' }).total).toBe(2);
  });

  it('takes % and _ in a search as themselves', () => {
    const percent = makeOrder(db, { customerName: '100% Prints Ltd', customerEmail: 'a_b@example.ie' });
    makeOrder(db, { customerName: '1000 Prints', customerEmail: 'axb@example.ie' });
    makeOrder(db, { customerName: 'Back\\slash', customerEmail: 'c@example.ie' });
    expect(list({ search: '100%' }).orders.map((o) => o.id)).toEqual([percent.id]);
    expect(list({ search: 'a_b' }).orders.map((o) => o.id)).toEqual([percent.id]);
    expect(list({ search: '%' }).orders.map((o) => o.id)).toEqual([percent.id]);
    expect(list({ search: 'k\\s' }).total).toBe(1);
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('filters by status, together with a search', () => {
    makeOrder(db, { status: 'pending', customerName: 'Aoife' });
    const shipped = makeOrder(db, { status: 'shipped', customerName: 'Aoife' });
    makeOrder(db, { status: 'shipped', customerName: 'Cian', customerEmail: 'cian@example.ie' });
    expect(list({ status: 'shipped' }).total).toBe(2);
    expect(list({ status: 'shipped', search: 'aoife' }).orders.map((o) => o.id)).toEqual([shipped.id]);
    expect(list({ status: 'delivered' })).toEqual({ orders: [], total: 0 });
    expect(list({ status: 'all' }).total).toBe(3);
  });

  it('carries the items with their print and photo thumbnail; a deleted print keeps its description', () => {
    const photo = makePhoto(db, { title: 'Lough Tay', mediaId: 'mediaTay0001', width: 2400 });
    const variant = makeVariant(db, { photoId: photo.id, size: 'large', finish: 'gloss' });
    const order = makeOrder(db, {
      items: [
        {
          productVariantId: variant.id,
          quantity: 2,
          priceCents: 13500,
          framingSize: 'large',
          framingPriceCents: 2500,
        },
        { productVariantId: null, quantity: 1, priceCents: 4500, description: 'Bray Head, small matte' },
      ],
    });
    const [listed] = list().orders;
    expect(listed).toMatchObject({ id: order.id, totalAmountCents: 31500, itemCount: 3 });
    expect(listed?.items).toEqual([
      {
        id: order.items[0]?.id,
        quantity: 2,
        priceCents: 13500,
        framingSize: 'large',
        framingPriceCents: 2500,
        description: 'Lough Tay, small (8x12 inches) matte',
        labSku: null,
        productVariant: {
          id: variant.id,
          size: 'large',
          finish: 'gloss',
          dimensions: '16x20 inches',
          photo: { id: photo.id, title: 'Lough Tay', imageUrl: '/media/mediaTay0001/320.jpg' },
        },
      },
      expect.objectContaining({ description: 'Bray Head, small matte', productVariant: null }),
    ]);
  });

  it('gives the newest 100 for the plain list', () => {
    makeOrders(105);
    const recent = listRecentOrders(db);
    expect(recent).toHaveLength(100);
    expect(recent[0]?.customerName).toBe('Customer 105');
  });
});

describe('one order in full', () => {
  it('has its payment ids, shipping and refund fields, and its history newest last', () => {
    const order = makeOrder(db, { payment: 'paid', carrier: 'An Post', trackingNumber: 'RR1IE' });
    const first = nextTime();
    const second = nextTime();
    db.insert(orderStatusHistory)
      .values([
        {
          orderId: order.id,
          fromStatus: 'processing',
          toStatus: 'shipped',
          changedBy: 'o@x.ie',
          createdAt: second,
        },
        {
          orderId: order.id,
          fromStatus: 'pending',
          toStatus: 'processing',
          changedBy: 'o@x.ie',
          createdAt: first,
        },
      ])
      .run();
    const details = getOrderDetails(db, order.id);
    expect(details).toMatchObject({
      paypalOrderId: order.paypalOrderId,
      paymentId: order.paymentId,
      carrier: 'An Post',
      trackingNumber: 'RR1IE',
      refundId: null,
      itemCount: 1,
    });
    expect(details.history.map((h) => h.toStatus)).toEqual(['processing', 'shipped']);
  });

  it('is a 404 for an unknown id', () => {
    expect(() => getOrderDetails(db, 'nope')).toThrow(expect.objectContaining({ status: 404 }));
  });
});
