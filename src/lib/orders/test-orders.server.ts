// Test orders (made in test mode, where the built-in PayPal fake stands in for PayPal: no money
// taken). Before the site goes live the owner clears them: every test order goes, with its items,
// its status history, its held edition copies and the mails about it not yet sent. Orders paid
// through PayPal are never touched, nor mails that name a real order too.
import type { Db } from '~/lib/platform/server/db';
import { preparedOnce } from '~/lib/platform/server/prepared';
import { shortOrderId } from '~/lib/platform/shared/format';

function statement(db: Db, name: string, text: string) {
  return preparedOnce(db, `test orders: ${name}`, () => db.$client.prepare(text));
}

/** How many test orders are stored. */
export function countTestOrders(db: Db): number {
  return (
    statement(db, 'count', 'select count(*) as n from orders where test_mode = 1').get() as { n: number }
  ).n;
}

export interface ClearedTestOrders {
  /** Test orders removed. */
  orders: number;
  /** Mails about them removed before they were sent. */
  mails: number;
}

/**
 * Removes every test order, its items, status history and edition copies, and the mails about it
 * still waiting to be sent (or given up on), in one transaction. A mail is recognised by the order's
 * reference (#ABC123) in its subject; a reference that a real order shares is left alone.
 */
export function clearTestOrders(db: Db): ClearedTestOrders {
  return db.transaction(() => {
    const ids = (
      statement(db, 'ids', 'select id from orders where test_mode = 1').all() as { id: string }[]
    ).map((r) => r.id);
    if (ids.length === 0) return { orders: 0, mails: 0 };
    const realRefs = new Set(
      (statement(db, 'real ids', 'select id from orders where test_mode = 0').all() as { id: string }[]).map(
        (r) => shortOrderId(r.id),
      ),
    );
    const dropMails = statement(
      db,
      'drop mails',
      `delete from mail_queue where status in ('pending', 'failed') and instr(subject, ?) > 0`,
    );
    let mails = 0;
    for (const ref of new Set(ids.map(shortOrderId))) {
      if (!realRefs.has(ref)) mails += dropMails.run(ref).changes;
    }
    const each = JSON.stringify(ids);
    const inIds = 'in (select value from json_each(?))';
    statement(db, 'drop copies', `delete from edition_copies where order_id ${inIds}`).run(each);
    statement(db, 'drop history', `delete from order_status_history where order_id ${inIds}`).run(each);
    statement(db, 'drop items', `delete from order_items where order_id ${inIds}`).run(each);
    const removed = statement(
      db,
      'drop orders',
      `delete from orders where test_mode = 1 and id ${inIds}`,
    ).run(each).changes;
    return { orders: removed, mails };
  });
}
