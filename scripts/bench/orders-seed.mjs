// 10,000 orders written straight into SQLite for the Orders tab's bench: customers who come back,
// one to three prints each (some framed), statuses and payments as a shop has them, spread over two
// years. A fixed seed makes every run seed the same orders.
import { randomUUID } from 'node:crypto';

const FIRST = ['Aoife', 'Ciara', 'Niamh', 'Saoirse', 'Siobhán', 'Róisín', 'Sean', 'Cian', 'Darragh', 'Oisín'];
const MORE_FIRST = ['Emma', 'Jack', 'Liam', 'Sophie', 'Conor', 'Orla', 'Fionn', 'Aisling', 'Tadhg', 'Méabh'];
const LAST = ['Murphy', 'Kelly', "O'Brien", 'Byrne', 'Ryan', 'Walsh', 'Doyle', 'Nolan', 'Kavanagh', 'Dunne'];
const MORE_LAST = ['Fitzgerald', 'Kinsella', 'Brennan', 'Lynch', 'McCarthy', 'Farrell', 'Quinn', 'Hayes'];
const DOMAINS = ['example.ie', 'example.com', 'mail.example.net', 'example.co.uk'];
const TOWNS = ['Wicklow', 'Bray', 'Greystones', 'Arklow', 'Dublin 6', 'Cork', 'Galway', 'Kilkenny'];
const CARRIERS = ['An Post', 'DPD Ireland', 'Fastway'];
const DAY = 86_400_000;

/** A small deterministic generator (mulberry32), so that every run seeds the same orders. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Status and payment of an order of this age, as a print shop's history has them. */
function outcome(r, ageDays) {
  const x = r();
  if (ageDays < 3 && x < 0.5) return ['processing', 'completed'];
  if (ageDays < 10 && x < 0.4) return ['shipped', 'completed'];
  // Orders never paid are removed by the site after seven days, so only recent ones are left pending.
  if (x < 0.08) return ['pending', ageDays < 7 ? 'pending' : 'failed'];
  if (x < 0.12) return ['pending', 'failed'];
  if (x < 0.2) return ['cancelled', x < 0.16 ? 'cancelled' : 'completed'];
  return ['delivered', 'completed'];
}

/** Seeds `count` orders into the database file; returns how many it wrote. */
export async function seedOrders(dbFile, count = 10_000) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(dbFile);
  db.pragma('busy_timeout = 5000');
  const variants = db
    .prepare(
      `select pv.id, pv.size, pv.finish, pv.price_cents, pv.dimensions, p.title
       from product_variants pv join photos p on p.id = pv.photo_id order by pv.id limit 500`,
    )
    .all();
  if (variants.length === 0) throw new Error('seed the demo content first: no product variants');
  const frames = new Map(
    db
      .prepare('select size, price_cents from framing_options')
      .all()
      .map((f) => [f.size, f.price_cents]),
  );
  const r = random(14);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const customers = Array.from({ length: 2500 }, (_, i) => {
    const first = pick(r() < 0.5 ? FIRST : MORE_FIRST);
    const last = pick(r() < 0.6 ? LAST : MORE_LAST);
    const handle = `${first}.${last}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z.]/g, '');
    return {
      name: `${first} ${last}`,
      email: `${handle}${i % 7 === 0 ? '' : i}@${pick(DOMAINS)}`,
      phone: `+353 8${Math.floor(r() * 10)} ${String(1_000_000 + Math.floor(r() * 8_999_999))}`,
      address: `${1 + Math.floor(r() * 120)} Main Street\nA67 ${String(1000 + i).slice(-4)} ${pick(TOWNS)}\nIreland`,
    };
  });

  const insertOrder = db.prepare(
    `insert into orders (id, customer_email, customer_name, customer_address, phone_number, status,
       total_amount_cents, currency, payment_provider, payment_id, payment_status, paypal_order_id, paid_at,
       carrier, tracking_number, created_at, updated_at)
     values (@id, @email, @name, @address, @phone, @status, @total, 'EUR', 'paypal', @paymentId, @payment,
       @paypalOrderId, @paidAt, @carrier, @tracking, @createdAt, @updatedAt)`,
  );
  const insertItem = db.prepare(
    `insert into order_items (id, order_id, product_variant_id, quantity, price_cents, framing_size,
       framing_price_cents, description) values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertHistory = db.prepare(
    `insert into order_status_history (id, order_id, from_status, to_status, changed_by, note,
       customer_notified, created_at) values (?, ?, ?, ?, 'owner@example.com', ?, 1, ?)`,
  );
  const now = Date.now();
  db.transaction(() => {
    for (let n = 0; n < count; n++) {
      const customer = customers[Math.floor(r() ** 1.5 * customers.length)];
      const createdAt = now - Math.floor(r() * 730 * DAY);
      const [status, payment] = outcome(r, (now - createdAt) / DAY);
      const id = randomUUID();
      const lines = [];
      for (let k = 0, nLines = 1 + Math.floor(r() * r() * 3); k < nLines; k++) {
        const v = pick(variants);
        const framed = r() < 0.3 && frames.has(v.size);
        const framing = framed ? frames.get(v.size) : 0;
        lines.push({ v, framed, framing, quantity: r() < 0.85 ? 1 : 2 });
      }
      const total = lines.reduce((s, l) => s + (l.v.price_cents + l.framing) * l.quantity, 0);
      const paid = payment === 'completed';
      const shippedAt = status === 'shipped' || status === 'delivered';
      insertOrder.run({
        id,
        email: customer.email,
        name: customer.name,
        address: customer.address,
        phone: customer.phone,
        status,
        total,
        paymentId: paid ? `BENCHCAP${n}` : null,
        payment,
        paypalOrderId: `BENCHORD${n}`,
        paidAt: paid ? createdAt + 60_000 : null,
        carrier: shippedAt ? pick(CARRIERS) : null,
        tracking: shippedAt ? `IE${String(100_000_000 + n)}` : null,
        createdAt,
        updatedAt: createdAt + (shippedAt ? 3 * DAY : 60_000),
      });
      for (const l of lines) {
        const what = `${l.v.title}, ${l.v.size} (${l.v.dimensions}) ${l.v.finish}${l.framed ? ', framed' : ''}`;
        insertItem.run(
          randomUUID(),
          id,
          l.v.id,
          l.quantity,
          l.v.price_cents + l.framing,
          l.framed ? l.v.size : null,
          l.framing,
          what,
        );
      }
      const steps = { processing: ['processing'], shipped: ['processing', 'shipped'] };
      steps.delivered = [...steps.shipped, 'delivered'];
      steps.cancelled = ['cancelled'];
      let from = 'pending';
      (paid || status === 'cancelled' ? (steps[status] ?? []) : []).forEach((to, i) => {
        const note = to === 'shipped' ? 'Shipped with a tracking number' : null;
        insertHistory.run(randomUUID(), id, from, to, note, createdAt + (i + 1) * DAY);
        from = to;
      });
    }
  })();
  db.close();
  return count;
}
