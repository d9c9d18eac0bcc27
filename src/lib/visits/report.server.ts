// The owner's visitor numbers for the dashboard: visitors and page views per day, the top pages and
// prints, referring sites, countries and the funnel from print page to cart to paid order, all read
// from the day counters (counter.server.ts), and paid orders from the orders themselves.
import { and, desc, eq, gte, inArray, like, sql } from 'drizzle-orm';
import { paidOrder } from '~/lib/payments/paid-orders.server';
import type { Db } from '~/lib/platform/server/db';
import { irishDay, startOfIrishDay } from '~/lib/platform/shared/irish-dates';
import { orders, photos, visitCounts } from '~db/schema';
import { daysBefore } from './counter.server';
import { type Ranked, REPORT_DAYS, type VisitKind, type VisitReport } from './report';

/** Rows in each ranked list. */
const TOP = 10;
const PRINT_PREFIX = '/prints/';

export function visitReport(
  db: Db,
  { counting, now = new Date() }: { counting: boolean; now?: Date },
): VisitReport {
  const today = irishDay(now);
  const first = daysBefore(today, REPORT_DAYS - 1);
  const since = gte(visitCounts.day, first);

  const perDay = new Map<string, { visitors: number; views: number }>();
  for (const row of db
    .select({ day: visitCounts.day, kind: visitCounts.kind, count: visitCounts.count })
    .from(visitCounts)
    .where(and(since, inArray(visitCounts.kind, ['views', 'visitors'])))
    .all()) {
    const figures = perDay.get(row.day) ?? { visitors: 0, views: 0 };
    if (row.kind === 'views') figures.views += row.count;
    else figures.visitors += row.count;
    perDay.set(row.day, figures);
  }
  const days = Array.from({ length: REPORT_DAYS }, (_, i) => {
    const day = daysBefore(today, REPORT_DAYS - 1 - i);
    return { day, ...(perDay.get(day) ?? { visitors: 0, views: 0 }) };
  });

  const ranked = (kind: VisitKind, extra?: ReturnType<typeof like>, limit = TOP): Ranked[] => {
    const total = sql<number>`sum(${visitCounts.count})`;
    return db
      .select({ key: visitCounts.key, count: total })
      .from(visitCounts)
      .where(and(since, eq(visitCounts.kind, kind), extra))
      .groupBy(visitCounts.key)
      .orderBy(desc(total), visitCounts.key)
      .limit(limit)
      .all();
  };

  const printPages = ranked('page', like(visitCounts.key, `${PRINT_PREFIX}%`), TOP);
  const slugs = printPages.map((p) => p.key.slice(PRINT_PREFIX.length));
  const titles = new Map(
    slugs.length
      ? db
          .select({ slug: photos.slug, title: photos.title })
          .from(photos)
          .where(inArray(photos.slug, slugs))
          .all()
          .map((p) => [p.slug, p.title])
      : [],
  );
  const printViews =
    db
      .select({ n: sql<number>`coalesce(sum(${visitCounts.count}), 0)` })
      .from(visitCounts)
      .where(and(since, eq(visitCounts.kind, 'page'), like(visitCounts.key, `${PRINT_PREFIX}%`)))
      .get()?.n ?? 0;
  const carts = ranked('event').find((e) => e.key === 'cart')?.count ?? 0;
  const paidOrders =
    db
      .select({ n: sql<number>`count(*)` })
      .from(orders)
      .where(and(paidOrder(), gte(orders.paidAt, startOfIrishDay(first))))
      .get()?.n ?? 0;

  return {
    counting,
    days,
    totals: {
      visitors: days.reduce((sum, d) => sum + d.visitors, 0),
      views: days.reduce((sum, d) => sum + d.views, 0),
    },
    topPages: ranked('page'),
    topPrints: printPages.map((p, i) => ({
      slug: slugs[i] ?? '',
      title: titles.get(slugs[i] ?? '') ?? null,
      views: p.count,
    })),
    referrers: ranked('referrer'),
    countries: ranked('country'),
    funnel: { printViews, carts, paidOrders },
  };
}
