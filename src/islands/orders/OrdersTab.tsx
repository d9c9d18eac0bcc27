// The Orders tab: search by the customer's e-mail or name, filter by status, ten orders a page; a
// table on wide screens and cards on a phone, each order with its payment (Paid, Refunded…) beside
// its fulfilment status; each order opens its details.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { formatEuroDecimal, shortOrderId } from '~/lib/platform/shared/format';
import { OrderDialog } from './OrderDialog';
import { irishDate, ORDER_STATUS_FILTERS, type OrderRow, PAGE_SIZE } from './orders-api';
import { OrderStates, PaymentBadge, StatusBadge } from './StatusBadge';

const euros = formatEuroDecimal;

const ORDERS = '/api/admin/orders';
const TEST_ORDERS = '/api/admin/test-orders';

/**
 * The test orders made before the site took real payments (no money taken), and the owner's button
 * to clear them all, asked to confirm first; shown only while there are some.
 */
function TestOrdersNotice() {
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: [TEST_ORDERS],
    queryFn: () => read<{ count: number }>(TEST_ORDERS),
  });
  const clear = useMutation({
    mutationFn: () => send<{ removed: number; message: string }>('DELETE', TEST_ORDERS),
    onSuccess: (answer) => {
      notify('success', 'Test orders cleared', answer.message);
      client.invalidateQueries({ queryKey: [ORDERS] });
      client.invalidateQueries({ queryKey: [TEST_ORDERS] });
      client.invalidateQueries({ queryKey: ['/api/admin/dashboard'] });
    },
    onError: (err) => notify('error', 'Test orders were not cleared', reason(err) ?? 'Please try again.'),
  });
  const count = data?.count ?? 0;
  if (count === 0) return null;
  const ask = `Clear ${count} test ${count === 1 ? 'order' : 'orders'}? They are removed with their items and unsent mails. Orders paid through PayPal are not touched.`;
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
      <p className="text-slate-800">
        {count} test {count === 1 ? 'order' : 'orders'} (made in test mode, no payment taken).
      </p>
      <button
        type="button"
        className="btn btn-secondary min-h-11 px-3"
        disabled={clear.isPending}
        onClick={() => {
          if (window.confirm(ask)) clear.mutate();
        }}
      >
        Clear test orders
      </button>
    </div>
  );
}

export function OrdersTab() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<(typeof ORDER_STATUS_FILTERS)[number]>('all');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
  if (search.trim()) params.set('search', search.trim());
  if (status !== 'all') params.set('status', status);
  const { data, isError } = useQuery({
    queryKey: [ORDERS, page, search.trim(), status],
    queryFn: () => read<{ orders: OrderRow[]; total: number }>(`${ORDERS}?${params}`),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (isError) notify('error', 'Error', 'Failed to fetch orders');
  }, [isError]);
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(page * PAGE_SIZE, total);
  const orders = data?.orders ?? [];
  const openButton = (o: OrderRow) => (
    <button type="button" className="btn btn-secondary min-h-11 px-3" onClick={() => setOpen(o.id)}>
      View<span className="sr-only"> order {shortOrderId(o.id)}</span>
    </button>
  );
  return (
    <div>
      <div className="flex flex-wrap items-end gap-4">
        <label className="block min-w-64 flex-1 text-sm">
          <span className="text-slate-700">Search by customer e-mail or name</span>
          <input
            type="search"
            className="mt-1 min-h-11 w-full rounded-md border border-slate-300 px-3"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <div className="text-sm">
          <label htmlFor="orders-status-filter" className="text-slate-700">
            Fulfilment status
          </label>
          <select
            id="orders-status-filter"
            className="mt-1 block min-h-11 rounded-md border border-slate-300 bg-white px-3"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as typeof status);
              setPage(1);
            }}
          >
            {ORDER_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {s === 'all' ? 'All statuses' : s}
              </option>
            ))}
          </select>
        </div>
        <p className="text-sm text-slate-600">Total orders: {total}</p>
      </div>
      <TestOrdersNotice />
      {isError && (
        <p role="alert" className="mt-6 text-red-800">
          Failed to fetch orders
        </p>
      )}
      {data && orders.length === 0 && (
        <div className="mt-8 text-center">
          <p className="text-lg font-semibold">No orders found</p>
          <p className="text-slate-600">Try adjusting your search or filters</p>
        </div>
      )}
      {orders.length > 0 && (
        <>
          <table className="mt-6 hidden w-full text-left text-sm md:table">
            <caption className="sr-only">Orders, newest first</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-700">
                {[
                  'Order',
                  'Customer',
                  'E-mail',
                  'Items',
                  'Total',
                  'Payment',
                  'Fulfilment',
                  'Date',
                  'Actions',
                ].map((h) => (
                  <th key={h} scope="col" className="py-2 pr-3 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id} className="border-b border-slate-100 align-middle">
                  <td className="py-2 pr-3 font-mono">{shortOrderId(o.id)}</td>
                  <td className="py-2 pr-3">{o.customerName}</td>
                  <td className="py-2 pr-3">{o.customerEmail}</td>
                  <td className="py-2 pr-3 tabular-nums">{o.itemCount}</td>
                  <td className="py-2 pr-3 tabular-nums">{euros(o.totalAmount)}</td>
                  <td className="py-2 pr-3">
                    <PaymentBadge payment={o.payment} />
                  </td>
                  <td className="py-2 pr-3">
                    <StatusBadge status={o.status} />
                  </td>
                  <td className="py-2 pr-3">{irishDate.format(new Date(o.createdAt))}</td>
                  <td className="py-2">{openButton(o)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="mt-6 space-y-3 md:hidden">
            {orders.map((o) => (
              <li key={o.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-mono">{shortOrderId(o.id)}</span>
                  <OrderStates status={o.status} payment={o.payment} />
                </div>
                <p className="mt-1 font-medium">{o.customerName}</p>
                <p className="text-sm text-slate-700">{o.customerEmail}</p>
                <p className="mt-1 text-sm">
                  {o.itemCount} {o.itemCount === 1 ? 'item' : 'items'} · {euros(o.totalAmount)} ·{' '}
                  {irishDate.format(new Date(o.createdAt))}
                </p>
                <div className="mt-3">{openButton(o)}</div>
              </li>
            ))}
          </ul>
          <nav
            aria-label="Pages of orders"
            className="mt-6 flex flex-wrap items-center justify-between gap-3"
          >
            <p className="text-sm text-slate-700">
              Showing {first} to {last} of {total} orders
            </p>
            <div className="flex items-center gap-3">
              <button
                type="button"
                className="btn btn-secondary"
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
              >
                Previous
              </button>
              <span className="text-sm">
                Page {page} of {pages}
              </span>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                Next
              </button>
            </div>
          </nav>
        </>
      )}
      {open && <OrderDialog orderId={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
