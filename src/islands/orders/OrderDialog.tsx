// An order's details in a native <dialog> (showModal gives the focus trap, Esc and the inert page):
// the customer, the payment with the VAT inside it per rate, every item with its photo, the status history, a status change and,
// for a paid order, a full refund through PayPal; for an order paid before invoices were issued,
// "Issue invoice" (the server numbers it, once, however often it is asked); for an order with prints
// made by the lab, where its lab order is and the owner's hand on it (LabOrderPanel), and which
// lines the lab makes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, Fragment, useEffect, useRef, useState } from 'react';
import { breakdownAmount } from '~/lib/checkout/order-breakdown';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { decimalStringToCents, formatEuroDecimal, shortOrderId } from '~/lib/platform/shared/format';
import { certificatePath, copyLabel } from '~/lib/shop/editions';
import { framingWords } from '~/lib/shop/print-choices';
import { formatDay } from '~/lib/withdrawals/withdrawal-period';
import { LabOrderPanel } from './LabOrderPanel';
import { irishDateTime, ORDER_STATUS_FILTERS, type OrderDetails } from './orders-api';
import { PaymentBadge, StatusBadge } from './StatusBadge';

/** Who took the order's payment, as the owner knows them. */
const providerName = (provider: string | null | undefined) => (provider === 'stripe' ? 'Stripe' : 'PayPal');

const STATUSES = ORDER_STATUS_FILTERS.filter((s) => s !== 'all');
const euros = formatEuroDecimal;

export function OrderDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const client = useQueryClient();
  const path = `/api/admin/orders/${encodeURIComponent(orderId)}`;
  const { data: order, isError } = useQuery({ queryKey: [path], queryFn: () => read<OrderDetails>(path) });
  const [status, setStatus] = useState('');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [notifyCustomer, setNotifyCustomer] = useState(true);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  useEffect(() => {
    if (order) setStatus(order.status);
  }, [order]);
  const refresh = () => {
    client.invalidateQueries({ queryKey: ['/api/admin/orders'] });
    client.invalidateQueries({ queryKey: ['/api/admin/dashboard'] });
    client.invalidateQueries({ queryKey: [path] });
  };
  const change = useMutation({
    mutationFn: () =>
      send('PUT', `${path}/status`, {
        status,
        notifyCustomer,
        ...(status === 'shipped'
          ? { carrier: carrier || undefined, trackingNumber: tracking || undefined }
          : {}),
      }),
    onSuccess: () => {
      notify('success', 'Order status updated successfully');
      refresh();
    },
    onError: () => notify('error', 'Error', 'Failed to update order status'),
  });
  const refund = useMutation({
    mutationFn: () => send('POST', `${path}/refund`, { notifyCustomer }),
    onSuccess: () => {
      notify(
        'success',
        'Order refunded',
        order?.testMode
          ? 'A test refund of a test order: no money moved.'
          : `${providerName(order?.paymentProvider)} has refunded the full amount.`,
      );
      refresh();
    },
    onError: (err) => notify('error', 'Refund failed', reason(err) ?? 'The refund could not be made.'),
  });
  const issueInvoice = useMutation({
    mutationFn: () => send<OrderDetails & { issued: boolean }>('POST', `${path}/invoice`),
    onSuccess: (done) => {
      const numbers = [done.invoiceNumber, done.creditNoteNumber].filter(Boolean).join(' and ');
      // Only documents issued by this request were mailed: an invoice issued meanwhile (another tab)
      // is answered as it was, and no mail goes out again.
      const mailed = done.issued && done.customerEmail ? `, mailed to ${done.customerEmail}` : '';
      notify(
        'success',
        done.issued ? 'Invoice issued' : 'The invoice was already issued',
        `${numbers}${mailed}` || undefined,
      );
      refresh();
    },
    onError: (err) =>
      notify('error', 'The invoice was not issued', reason(err) ?? 'The invoice could not be issued.'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate();
  };
  const paid = order?.paymentStatus === 'completed' && !order.refundId;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only closes on the backdrop; Esc closes a native dialog.
    <dialog
      ref={dialog}
      aria-labelledby="order-h"
      onClose={onClose}
      onClick={(e) => e.target === dialog.current && dialog.current?.close()}
      className="m-auto max-h-[90vh] w-[min(44rem,94vw)] overflow-y-auto rounded-lg bg-white p-0 text-slate-900 backdrop:bg-black/50"
    >
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id="order-h" className="text-xl font-semibold">
            Order {shortOrderId(orderId)}
          </h2>
          <button type="button" className="btn btn-secondary px-3" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
        {isError && <p role="alert">The order could not be loaded.</p>}
        {!order && !isError && <p aria-busy="true">Loading…</p>}
        {order && (
          <div className="mt-4 space-y-6">
            <section aria-labelledby="cust-h">
              <h3 id="cust-h" className="font-semibold">
                Customer
              </h3>
              <p>{order.customerName}</p>
              <p className="text-sm">{order.customerEmail}</p>
              <p className="text-sm">{order.phoneNumber}</p>
              <p className="whitespace-pre-line text-sm">{order.customerAddress}</p>
            </section>
            <section aria-labelledby="info-h">
              <h3 id="info-h" className="font-semibold">
                Order
              </h3>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt>Placed</dt>
                <dd>{irishDateTime.format(new Date(order.createdAt))}</dd>
                <dt>Payment</dt>
                <dd>
                  <PaymentBadge payment={order.payment} />
                </dd>
                <dt>Fulfilment</dt>
                <dd>
                  <StatusBadge status={order.status} />
                </dd>
                {order.breakdown.map((row) => (
                  <Fragment key={`${row.kind} ${row.label}`}>
                    <dt className={row.kind === 'total' ? 'font-semibold' : undefined}>{row.label}</dt>
                    <dd className={`tabular-nums ${row.kind === 'total' ? 'font-semibold' : ''}`}>
                      {breakdownAmount({ ...row, cents: decimalStringToCents(row.amount) })}
                    </dd>
                  </Fragment>
                ))}
                {order.gallery && (
                  <>
                    <dt>Gallery</dt>
                    <dd>
                      {order.gallery.title}, link for {order.gallery.recipient}
                    </dd>
                  </>
                )}
                {order.paymentProvider === 'stripe' ? (
                  <>
                    <dt>Card payment (Stripe)</dt>
                    <dd className="font-mono break-all">{order.paymentId ?? '—'}</dd>
                  </>
                ) : (
                  <>
                    <dt>PayPal order</dt>
                    <dd className="font-mono break-all">{order.paypalOrderId ?? '—'}</dd>
                    <dt>PayPal capture</dt>
                    <dd className="font-mono break-all">{order.paymentId ?? '—'}</dd>
                  </>
                )}
                {order.trackingNumber && (
                  <>
                    <dt>Shipped with</dt>
                    <dd>
                      {order.carrier ?? 'carrier not given'}, {order.trackingNumber}
                    </dd>
                  </>
                )}
                {order.invoiceNumber && (
                  <>
                    <dt>Invoice</dt>
                    <dd>
                      <a href={`${path}/invoice.pdf`} target="_blank" rel="noopener" className="underline">
                        {order.invoiceNumber} (PDF)
                      </a>
                    </dd>
                  </>
                )}
                {order.invoiceMissing && (
                  <>
                    <dt>Invoice</dt>
                    <dd>
                      None yet: paid before invoices were issued. Issuing numbers it next, dated today, with
                      the payment day as its date of supply
                      {order.refundId ? ', and then the credit note of its refund' : ''}, and mails
                      {order.refundId ? ' each' : ' it'} to the buyer.{' '}
                      <button
                        type="button"
                        className="btn btn-secondary mt-1"
                        disabled={issueInvoice.isPending}
                        onClick={() => issueInvoice.mutate()}
                      >
                        {issueInvoice.isPending ? 'Issuing…' : 'Issue invoice'}
                      </button>
                    </dd>
                  </>
                )}
                {order.creditNoteNumber && (
                  <>
                    <dt>Credit note</dt>
                    <dd>
                      <a
                        href={`${path}/credit-note.pdf`}
                        target="_blank"
                        rel="noopener"
                        className="underline"
                      >
                        {order.creditNoteNumber} (PDF)
                      </a>
                    </dd>
                  </>
                )}
                {order.testMode && (
                  <>
                    <dt>Invoice</dt>
                    <dd>
                      <a href={`${path}/invoice.pdf`} target="_blank" rel="noopener" className="underline">
                        Specimen (PDF), not a VAT invoice
                      </a>
                    </dd>
                  </>
                )}
                {order.refundId && (
                  <>
                    <dt>Refund</dt>
                    <dd className="break-all">
                      {order.refundedAmount ? `${euros(order.refundedAmount)} refunded` : 'refunded'}
                      {order.refundStatus === 'PENDING' ? ' (pending at PayPal)' : ''},{' '}
                      <span className="font-mono">{order.refundId}</span>
                    </dd>
                  </>
                )}
                {order.withdrawal && (
                  <>
                    <dt>Withdrawal</dt>
                    <dd>
                      Withdrawn on {irishDateTime.format(new Date(order.withdrawal.withdrawnAt))} · refund by{' '}
                      {formatDay(order.withdrawal.refundBy)}
                      {order.withdrawal.note && (
                        <span className="mt-1 block whitespace-pre-line break-words">
                          Buyer’s note: {order.withdrawal.note}
                        </span>
                      )}
                    </dd>
                  </>
                )}
              </dl>
            </section>
            <section aria-labelledby="items-h">
              <h3 id="items-h" className="font-semibold">
                Items
              </h3>
              <ul className="mt-2 divide-y divide-slate-100">
                {order.items.map((item) => (
                  <li key={item.id} className="flex gap-3 py-2">
                    {item.productVariant?.photo ? (
                      <img
                        src={item.productVariant.photo.imageUrl}
                        alt=""
                        width={64}
                        height={48}
                        className="h-12 w-16 shrink-0 rounded-sm object-cover"
                      />
                    ) : (
                      <span className="h-12 w-16 shrink-0 rounded-sm bg-slate-100" aria-hidden="true" />
                    )}
                    <div className="text-sm">
                      <p className="font-medium">{item.productVariant?.photo?.title ?? item.description}</p>
                      {item.productVariant && (
                        <p>
                          {item.productVariant.size} ({item.productVariant.dimensions}),{' '}
                          {item.productVariant.finish}, {framingWords(item.framing !== null).toLowerCase()}
                        </p>
                      )}
                      <p className="tabular-nums">
                        {item.quantity} × {euros(item.price)}
                      </p>
                      {item.labSku && (
                        <p className="text-slate-600">
                          Made by the lab (<span className="whitespace-nowrap font-mono">{item.labSku}</span>)
                        </p>
                      )}
                      {order.editionCopies
                        ?.filter((copy) => copy.orderItemId === item.id)
                        .map((copy) => (
                          <p key={copy.certificateCode}>
                            {copyLabel(copy.number, copy.editionSize)} ·{' '}
                            <a
                              href={certificatePath(copy.certificateCode)}
                              target="_blank"
                              rel="noopener"
                              className="text-link"
                              aria-label={`Certificate of ${copyLabel(copy.number, copy.editionSize)}, ${item.productVariant?.photo?.title ?? item.description}`}
                            >
                              Certificate
                            </a>
                          </p>
                        ))}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
            {order.lab && (
              <LabOrderPanel
                lab={order.lab}
                path={path}
                refunded={Boolean(order.refundId)}
                allLinesByLab={order.items.every((item) => Boolean(item.labSku))}
                onChanged={refresh}
              />
            )}
            <form onSubmit={submit} className="space-y-3" aria-labelledby="status-h">
              <h3 id="status-h" className="font-semibold">
                Change status
              </h3>
              <div className="text-sm">
                <label htmlFor="order-new-status">New status</label>
                <select
                  id="order-new-status"
                  className="mt-1 block min-h-11 rounded-md border border-slate-300 bg-white px-3"
                  value={status}
                  onChange={(e) => setStatus(e.target.value)}
                >
                  {STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </div>
              {status === 'shipped' && (
                <div className="grid gap-3 sm:grid-cols-2">
                  <label className="block text-sm">
                    Carrier (optional)
                    <input
                      className="mt-1 min-h-11 w-full rounded-md border border-slate-300 px-3"
                      value={carrier}
                      onChange={(e) => setCarrier(e.target.value)}
                    />
                  </label>
                  <label className="block text-sm">
                    Tracking number (optional)
                    <input
                      className="mt-1 min-h-11 w-full rounded-md border border-slate-300 px-3"
                      value={tracking}
                      onChange={(e) => setTracking(e.target.value)}
                    />
                  </label>
                </div>
              )}
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={notifyCustomer}
                  onChange={(e) => setNotifyCustomer(e.target.checked)}
                />
                Notify the customer by e-mail
              </label>
              <div className="flex flex-wrap gap-3">
                <button type="submit" className="btn btn-primary" disabled={change.isPending}>
                  {change.isPending ? 'Saving…' : 'Update status'}
                </button>
                {paid && (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={refund.isPending}
                    onClick={() => {
                      if (
                        window.confirm(
                          order.testMode
                            ? `Cancel this test order of ${order.customerName}? No money was taken, so none is refunded.`
                            : `Refund ${euros(order.totalAmount)} to ${order.customerName} through ${providerName(order.paymentProvider)} and cancel the order?`,
                        )
                      )
                        refund.mutate();
                    }}
                  >
                    {refund.isPending ? 'Refunding…' : 'Cancel and refund'}
                  </button>
                )}
                <a
                  href={`/admin/orders/${encodeURIComponent(orderId)}/packing-slip`}
                  target="_blank"
                  rel="noopener"
                  className="btn btn-secondary"
                >
                  Packing slip
                </a>
              </div>
            </form>
            {order.history.length > 0 && (
              <section aria-labelledby="hist-h">
                <h3 id="hist-h" className="font-semibold">
                  History
                </h3>
                <ol className="mt-2 space-y-1 text-sm">
                  {order.history.map((h) => (
                    <li key={h.id}>
                      {irishDateTime.format(new Date(h.createdAt))}: {h.fromStatus} → {h.toStatus} by{' '}
                      {h.changedBy}
                      {h.note ? ` (${h.note})` : ''}
                      {h.customerNotified ? ', customer told' : ''}
                    </li>
                  ))}
                </ol>
              </section>
            )}
          </div>
        )}
      </div>
    </dialog>
  );
}
