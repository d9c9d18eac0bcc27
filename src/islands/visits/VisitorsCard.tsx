// The dashboard's Visitors card: visitors and page views per day for 30 days, the top pages and
// prints, referring sites, countries, and the funnel from print page to cart to paid order. Every
// figure is read from the server's counts (GET /api/admin/visits); none is made up here.
import { useQuery } from '@tanstack/react-query';
import { read } from '~/lib/platform/client/query';
import { OTHER_KEY, type Ranked, REPORT_DAYS, type VisitReport } from '~/lib/visits/report';
import { VIEWS_COLOUR, VISITORS_COLOUR, VisitsChart } from './VisitsChart';

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's name in English from its ISO code; '' is a visitor whose country is not known. */
export function countryName(code: string): string {
  if (!code) return 'Unknown';
  if (code === OTHER_KEY) return 'Other countries';
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

interface Unit {
  one: string;
  many: string;
}
const VIEWS: Unit = { one: 'view', many: 'views' };
const VISITS: Unit = { one: 'visit', many: 'visits' };
const VISITORS: Unit = { one: 'visitor', many: 'visitors' };

function List(props: { title: string; rows: { key: string; label: string; count: number }[]; unit: Unit }) {
  return (
    <div className="min-w-0">
      <h4 className="font-medium">{props.title}</h4>
      {props.rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">None yet</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-100" aria-label={props.title}>
          {props.rows.map((r) => (
            <li key={r.key} className="flex items-baseline gap-3 py-2 text-sm">
              <span className="min-w-0 flex-1 truncate" title={r.label}>
                {r.label}
              </span>
              <span className="text-slate-600 tabular-nums">
                {r.count} {r.count === 1 ? props.unit.one : props.unit.many}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

const asRows = (list: Ranked[], label: (key: string) => string = (k) => k) =>
  list.map((r) => ({ key: r.key, label: label(r.key), count: r.count }));

function Funnel({ funnel }: { funnel: VisitReport['funnel'] }) {
  const steps = [
    { label: 'Print page views', value: funnel.printViews },
    { label: 'Added to cart', value: funnel.carts },
    { label: 'Paid orders', value: funnel.paidOrders },
  ];
  return (
    <div className="min-w-0">
      <h4 className="font-medium">From print page to paid</h4>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm" aria-label="From print page to paid">
        {steps.map((s) => (
          <div key={s.label} className="rounded-md bg-slate-50 p-3">
            <dt className="text-slate-600">{s.label}</dt>
            <dd className="mt-1 text-lg font-semibold tabular-nums">{s.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function VisitorsCard() {
  const { data, isPending, isError } = useQuery({
    queryKey: ['/api/admin/visits'],
    queryFn: () => read<VisitReport>('/api/admin/visits'),
  });
  const empty = data ? data.totals.views === 0 && data.funnel.carts === 0 : false;
  return (
    <section
      className="mt-8 min-w-0 rounded-lg border border-slate-200 bg-white p-6"
      aria-labelledby="visitors-h"
      aria-busy={isPending}
    >
      <h3 id="visitors-h" className="text-lg font-semibold">
        Visitors
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        The last {REPORT_DAYS} days, counted without cookies. Your own visits and robots are left out.
      </p>
      {isError && (
        <p role="alert" className="mt-4 text-red-800">
          The visitor numbers could not be loaded. Please reload the page.
        </p>
      )}
      {data && !data.counting && (
        <p className="mt-4 text-slate-600">
          Visitor counting is turned off (VISITOR_COUNTING=0), so nothing new is counted.
        </p>
      )}
      {data && empty && (
        <p className="mt-4 text-slate-600">No visits counted in the last {REPORT_DAYS} days yet.</p>
      )}
      {data && !empty && (
        <>
          <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2">
            <div>
              <dt className="flex items-center gap-2 text-sm text-slate-600">
                <span
                  aria-hidden="true"
                  className="inline-block h-0.5 w-5"
                  style={{ background: VISITORS_COLOUR }}
                />
                Visitors
              </dt>
              <dd className="text-2xl font-semibold tabular-nums">{data.totals.visitors}</dd>
            </div>
            <div>
              <dt className="flex items-center gap-2 text-sm text-slate-600">
                <span
                  aria-hidden="true"
                  className="inline-block h-0 w-5 border-t-2 border-dashed"
                  style={{ borderColor: VIEWS_COLOUR }}
                />
                Page views
              </dt>
              <dd className="text-2xl font-semibold tabular-nums">{data.totals.views}</dd>
            </div>
          </dl>
          <div className="mt-4">
            <VisitsChart days={data.days} />
          </div>
          <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            <List title="Top pages" rows={asRows(data.topPages)} unit={VIEWS} />
            <List
              title="Top prints"
              rows={data.topPrints.map((p) => ({
                key: p.slug,
                label: p.title ?? `${p.slug} (no longer on sale)`,
                count: p.views,
              }))}
              unit={VIEWS}
            />
            <Funnel funnel={data.funnel} />
            <List title="Referrers" rows={asRows(data.referrers)} unit={VISITS} />
            <List title="Countries" rows={asRows(data.countries, countryName)} unit={VISITORS} />
          </div>
        </>
      )}
    </section>
  );
}
