// The Dashboard tab: what waits for the owner (each with a link to its tab), the four figures of paid orders, the weekly sales and best sellers, where to
// edit the site, the last quarter's VAT report, the last orders, each with its payment (Paid,
// Refunded, Test order…) beside its fulfilment status, and the exports for the accountant.
import { useQuery } from '@tanstack/react-query';
import { OrderStates } from '~/islands/orders/StatusBadge';
import { AccountantExports } from '~/islands/selling/AccountantExports';
import { OssReturnCard } from '~/islands/selling/OssReturnCard';
import type { PaymentState } from '~/lib/orders/payment-state';
import { read } from '~/lib/platform/client/query';
import {
  decimalStringToCents,
  formatEuro,
  formatEuroDecimal,
  shortOrderId,
} from '~/lib/platform/shared/format';
import { lastQuarter, quarterName, vatReportPath } from '~/lib/selling/vat-report';
import { type OssFigures, OssThresholdCard } from '../selling/OssThresholdCard';
import { VisitorsCard } from '../visits/VisitorsCard';
import { MailFailuresCard } from './MailFailuresCard';
import { SalesReport } from './SalesReport';

export interface DashboardStats {
  totalSales: string;
  totalOrders: number;
  totalPhotosSold: number;
  recentOrders: {
    id: string;
    customerName: string;
    totalAmount: string;
    status: string;
    testMode: boolean;
    payment: PaymentState;
  }[];
  waiting: WaitingWork;
  oss: OssFigures;
}

export interface WaitingWork {
  enquiries: number;
  reviews: number;
  recentSelections: number;
  ordersToShip: number;
}

/** The days a client's selection counts as new (the server's RECENT_SELECTION_DAYS). */
const SELECTION_DAYS = 14;

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** Each thing that waits, in words, and the tab where the owner deals with it. */
function waitingItems(
  w: WaitingWork,
): { key: string; count: number; text: string; tab: string; action: string }[] {
  return [
    {
      key: 'enquiries',
      count: w.enquiries,
      text: plural(w.enquiries, 'enquiry not answered', 'enquiries not answered'),
      tab: 'enquiries',
      action: 'Open Enquiries',
    },
    {
      key: 'reviews',
      count: w.reviews,
      text: plural(w.reviews, 'review to approve or hide', 'reviews to approve or hide'),
      tab: 'reviews',
      action: 'Open Reviews',
    },
    {
      key: 'orders',
      count: w.ordersToShip,
      text: plural(w.ordersToShip, 'paid order to ship', 'paid orders to ship'),
      tab: 'orders',
      action: 'Open Orders',
    },
    {
      key: 'selections',
      count: w.recentSelections,
      text: `${plural(w.recentSelections, 'client selection', 'client selections')} sent in the last ${SELECTION_DAYS} days`,
      tab: 'galleries',
      action: 'Open Galleries',
    },
  ].filter((item) => item.count > 0);
}

/** Enquiries, reviews, parcels and clients' selections that wait, each linked to its tab. */
function WaitingCard(props: { waiting: WaitingWork | undefined; onOpenTab?: (tab: string) => void }) {
  const items = props.waiting ? waitingItems(props.waiting) : [];
  return (
    <section className="mb-6 rounded-lg border border-slate-200 bg-white p-6" aria-labelledby="waiting-h">
      <h3 id="waiting-h" className="text-lg font-semibold">
        Waiting for you
      </h3>
      {props.waiting && items.length === 0 && <p className="mt-2 text-slate-600">Nothing waiting</p>}
      {items.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.key} className="flex flex-wrap items-center justify-between gap-x-4 py-1">
              <span>
                <span className="mr-2 inline-block min-w-8 rounded-full bg-amber-200 px-2 py-0.5 text-center text-sm font-semibold tabular-nums text-slate-900">
                  {item.count}
                </span>
                {item.text}
              </span>
              <a
                href={`?tab=${item.tab}`}
                onClick={(e) => {
                  if (!props.onOpenTab) return;
                  e.preventDefault();
                  props.onOpenTab(item.tab);
                }}
                className="inline-flex min-h-11 items-center underline underline-offset-4"
              >
                {item.action}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const euros = formatEuroDecimal;
const longDate = new Intl.DateTimeFormat('en-IE', { dateStyle: 'long', timeZone: 'UTC' });
const day = (date: string) => longDate.format(new Date(`${date}T00:00:00Z`));

/** The link to the CSV of the last quarter that has ended, for the accountant. */
function VatReportCard() {
  const quarter = lastQuarter(new Date());
  const name = quarterName(quarter);
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-6" aria-labelledby="vat-report-h">
      <h3 id="vat-report-h" className="text-lg font-semibold">
        VAT Report
      </h3>
      <p className="mt-2 text-slate-600">
        Net, VAT and gross per rate of the sales paid from {day(quarter.from)} to {day(quarter.to)}, less the
        refunds made in that time, as a spreadsheet (CSV). Test orders are left out.
      </p>
      <a
        href={vatReportPath(quarter)}
        download
        className="mt-3 inline-flex min-h-11 items-center underline underline-offset-4"
      >
        Download the VAT report for {name}
      </a>
    </section>
  );
}

export function DashboardTab(props: { onOpenTab?: (tab: string) => void }) {
  const { data, isPending, isError } = useQuery({
    queryKey: ['/api/admin/dashboard'],
    queryFn: () => read<DashboardStats>('/api/admin/dashboard'),
  });
  const salesCents = data ? decimalStringToCents(data.totalSales) : 0;
  const average = data && data.totalOrders > 0 ? Math.round(salesCents / data.totalOrders) : 0;
  const cards = [
    { label: 'Total Sales', value: data ? formatEuro(salesCents) : '…' },
    { label: 'Total Orders', value: data ? String(data.totalOrders) : '…' },
    { label: 'Photos Sold', value: data ? String(data.totalPhotosSold) : '…' },
    { label: 'Average Order Value', value: data ? formatEuro(average) : '…' },
  ];
  return (
    <div>
      {isError && (
        <p role="alert" className="mb-4 text-red-800">
          The figures could not be loaded. Please reload the page.
        </p>
      )}
      <WaitingCard waiting={data?.waiting} onOpenTab={props.onOpenTab} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy={isPending}>
        {cards.map((c) => (
          <li key={c.label} className="rounded-lg border border-slate-200 bg-white p-5">
            <p className="text-sm text-slate-600">{c.label}</p>
            <p className="mt-2 text-2xl font-semibold tabular-nums">{c.value}</p>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-600">Only paid orders count: test orders do not.</p>
      <OssThresholdCard oss={data?.oss} />
      <MailFailuresCard />
      <SalesReport />
      <VisitorsCard />
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section className="rounded-lg border border-slate-200 bg-white p-6" aria-labelledby="content-h">
          <h3 id="content-h" className="text-lg font-semibold">
            Content Management
          </h3>
          <p className="mt-2 text-slate-600">Edit text on any page when logged in as admin.</p>
          <a href="/" className="mt-3 inline-flex min-h-11 items-center underline underline-offset-4">
            Go to the home page
          </a>
        </section>
        <section className="rounded-lg border border-slate-200 bg-white p-6" aria-labelledby="bg-h">
          <h3 id="bg-h" className="text-lg font-semibold">
            Background Images
          </h3>
          <p className="mt-2 text-slate-600">
            Choose the background image of the homepage hero, the about, gallery and contact sections and the
            shop header.
          </p>
          <a
            href="/background-editor"
            className="mt-3 inline-flex min-h-11 items-center underline underline-offset-4"
          >
            Open the Background Editor
          </a>
        </section>
        <VatReportCard />
        <section className="rounded-lg border border-slate-200 bg-white p-6" aria-labelledby="recent-h">
          <h3 id="recent-h" className="text-lg font-semibold">
            Recent Orders
          </h3>
          {data && data.recentOrders.length === 0 && <p className="mt-3 text-slate-600">No recent orders</p>}
          {data && data.recentOrders.length > 0 && (
            <ul className="mt-3 divide-y divide-slate-100">
              {data.recentOrders.map((o) => (
                <li key={o.id} className="py-3">
                  <div className="flex items-center gap-3">
                    <span className="font-mono text-sm">{shortOrderId(o.id)}</span>
                    <span className="min-w-0 flex-1 truncate">{o.customerName}</span>
                    <span className="tabular-nums">{euros(o.totalAmount)}</span>
                  </div>
                  <div className="mt-1.5">
                    <OrderStates status={o.status} payment={o.payment} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <AccountantExports />
      <OssReturnCard />
    </div>
  );
}
