// The Dashboard tab: the four figures of paid orders, the weekly sales and best sellers, where to
// edit the site, the last quarter's VAT report, and the last orders, each with its payment (Paid,
// Refunded, Test order…) beside its fulfilment status.
import { useQuery } from '@tanstack/react-query';
import { OrderStates } from '~/islands/orders/StatusBadge';
import type { PaymentState } from '~/lib/orders/payment-state';
import { lastQuarter, quarterName, vatReportPath } from '~/lib/orders/vat-report';
import {
  decimalStringToCents,
  formatEuro,
  formatEuroDecimal,
  shortOrderId,
} from '~/lib/platform/shared/format';
import { MailFailuresCard } from './MailFailuresCard';
import { read } from './query';
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

export function DashboardTab() {
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
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy={isPending}>
        {cards.map((c) => (
          <li key={c.label} className="rounded-lg border border-slate-200 bg-white p-5">
            <p className="text-sm text-slate-600">{c.label}</p>
            <p className="mt-2 text-2xl font-semibold tabular-nums">{c.value}</p>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-600">Only paid orders count: test orders do not.</p>
      <MailFailuresCard />
      <SalesReport />
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
    </div>
  );
}
