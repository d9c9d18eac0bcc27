// The Reviews tab: what buyers wrote about the prints they bought, through the link mailed when
// their order was delivered. Those waiting for the owner come first; only approved reviews are
// shown in the shop and counted in its stars. Above them, a preview of the mail and the page a
// buyer gets, for any paid or test order or a sample one, so the flow can be seen before going live.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import type { ReviewFilter } from '~/lib/reviews/review-schema';
import { REVIEW_STARS, type ReviewState } from '~/lib/reviews/reviews';

export interface AdminReview {
  id: string;
  rating: number;
  text: string | null;
  authorName: string;
  authorPlace: string;
  createdAt: string;
  state: ReviewState;
  photoId: string;
  photoTitle: string;
  orderRef: string;
}

export interface ReviewList {
  reviews: AdminReview[];
  pending: number;
}

/** GET /api/admin/reviews/preview: the invitation mail of an order (or the sample order) and the orders to choose from. */
export interface ReviewMailPreview {
  orders: { id: string; label: string }[];
  mail: {
    sample: boolean;
    orderId: string;
    orderRef: string;
    to: string | null;
    subject: string;
    text: string;
    when: string;
    prints: number;
    pagePath: string;
  };
}

export const reviewsKey = (filter: ReviewFilter) => ['/api/admin/reviews', filter];
export const readReviews = (filter: ReviewFilter) => read<ReviewList>(`/api/admin/reviews?state=${filter}`);

const FILTERS: [ReviewFilter, string][] = [
  ['all', 'All reviews'],
  ['pending', 'Waiting'],
  ['approved', 'Approved'],
  ['hidden', 'Hidden'],
];

const STATE_LABELS: Record<ReviewState, [label: string, className: string]> = {
  pending: ['Waiting for approval', 'bg-amber-100 text-amber-900'],
  approved: ['Approved: shown in the shop', 'bg-emerald-100 text-emerald-900'],
  hidden: ['Hidden', 'bg-slate-200 text-slate-800'],
};

/** What the owner can do with a review in any other state. */
const ACTIONS: [state: ReviewState, label: string, look: string][] = [
  ['approved', 'Approve', 'btn-primary'],
  ['hidden', 'Hide', 'btn-secondary'],
];

const when = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium' });

function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of ${REVIEW_STARS} stars`} className="text-lg tracking-wider">
      <span className="text-amber-600">{'★'.repeat(rating)}</span>
      <span className="text-slate-300">{'★'.repeat(REVIEW_STARS - rating)}</span>
    </span>
  );
}

/** The mail and the page a buyer gets, previewed for a chosen paid or test order, or a sample one. */
function ReviewFlowPreview() {
  const [order, setOrder] = useState('');
  const [shown, setShown] = useState(false);
  const selectId = useId();
  const path = `/api/admin/reviews/preview${order ? `?order=${encodeURIComponent(order)}` : ''}`;
  const { data, isError, isFetching } = useQuery({
    queryKey: ['/api/admin/reviews/preview', order],
    queryFn: () => read<ReviewMailPreview>(path),
  });
  const mail = data?.mail;
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5" aria-labelledby="review-preview-h">
      <h3 id="review-preview-h" className="text-lg font-semibold">
        See what a buyer gets
      </h3>
      <p className="mt-1 max-w-2xl text-slate-700">
        When you mark a paid order delivered, its buyer is mailed a link to review the prints. Test orders
        invite no one, so preview the mail and the review page here, for an order or a sample one. Nothing is
        sent or stored.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0">
          <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
            Order
          </label>
          <select
            id={selectId}
            value={order}
            onChange={(e) => setOrder(e.target.value)}
            className="mt-1 min-h-11 max-w-full rounded-md border border-slate-300 bg-white px-3"
          >
            <option value="">Sample order (the shop’s first prints)</option>
            {data?.orders.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn btn-primary min-h-11" onClick={() => setShown(true)}>
          Preview review mail
        </button>
        {mail && (
          <a href={mail.pagePath} target="_blank" rel="noopener" className="btn btn-secondary min-h-11">
            Open the review page (preview)
          </a>
        )}
      </div>
      {shown && isError && (
        <p role="alert" className="mt-4 text-red-800">
          The preview could not be made. Please reload the page.
        </p>
      )}
      {shown && mail && (
        <div className="mt-5" aria-busy={isFetching}>
          <p className="text-sm text-slate-700">{mail.when}</p>
          <article
            aria-label="Review mail preview"
            className="mt-3 overflow-hidden rounded-md border border-slate-300"
          >
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-b border-slate-200 bg-slate-50 px-4 py-3 text-sm">
              <dt className="text-slate-600">To</dt>
              <dd className="min-w-0 break-words">{mail.to ?? 'no e-mail address'}</dd>
              <dt className="text-slate-600">Subject</dt>
              <dd className="min-w-0 font-semibold break-words">{mail.subject}</dd>
            </dl>
            <pre className="overflow-x-auto px-4 py-3 font-sans text-sm leading-relaxed whitespace-pre-wrap break-words">
              {mail.text}
            </pre>
          </article>
          <p className="mt-2 text-sm text-slate-600">
            Plain text, as it is sent. In the real mail the link is the buyer’s own, made when the order is
            marked delivered; here it opens the preview.
          </p>
        </div>
      )}
    </section>
  );
}

export function ReviewsTab() {
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const client = useQueryClient();
  const { data, isError } = useQuery({ queryKey: reviewsKey(filter), queryFn: () => readReviews(filter) });
  const change = useMutation({
    mutationFn: (v: { id: string; state: ReviewState }) =>
      send('PATCH', `/api/admin/reviews/${encodeURIComponent(v.id)}`, { state: v.state }),
    onSuccess: (_r, v) => {
      notify(
        'success',
        v.state === 'approved'
          ? 'Review approved: it shows in the shop'
          : v.state === 'hidden'
            ? 'Review hidden'
            : 'Review set back to wait',
      );
      client.invalidateQueries({ queryKey: ['/api/admin/reviews'] });
    },
    onError: (err) => notify('error', 'Error', reason(err) ?? 'Failed to update the review'),
  });
  return (
    <div>
      <ReviewFlowPreview />
      <p className="mt-8 max-w-2xl text-slate-700">
        Buyers review their prints through the link mailed when you mark an order delivered. Only approved
        reviews show in the shop. Approve every genuine review, good or bad; hide only what is offensive,
        off-topic or gives personal details.
      </p>
      <fieldset className="mt-4 flex flex-wrap items-center gap-x-4">
        <legend className="sr-only">Show</legend>
        {FILTERS.map(([f, label]) => (
          <label key={f} className="inline-flex min-h-11 items-center gap-2">
            <input type="radio" name="review-filter" checked={filter === f} onChange={() => setFilter(f)} />
            {label}
          </label>
        ))}
      </fieldset>
      {isError && <p role="alert">The reviews could not be loaded. Please reload the page.</p>}
      {data && data.reviews.length === 0 && (
        <p className="mt-6 text-slate-600">
          {filter === 'pending'
            ? 'No review waits for approval.'
            : filter === 'all'
              ? 'No reviews yet. Buyers are invited to review their prints when you mark an order delivered.'
              : `No ${filter} reviews.`}
        </p>
      )}
      <ul className="mt-6 space-y-4">
        {data?.reviews.map((r) => {
          const [stateLabel, stateClass] = STATE_LABELS[r.state];
          return (
            <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-5">
              <article aria-labelledby={`review-${r.id}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 id={`review-${r.id}`} className="min-w-0 text-lg font-semibold break-words">
                    {r.photoTitle}
                  </h3>
                  <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${stateClass}`}>
                    {stateLabel}
                  </span>
                </div>
                <Stars rating={r.rating} />
                {r.text ? (
                  <p className="mt-2 whitespace-pre-line break-words">{r.text}</p>
                ) : (
                  <p className="mt-2 text-slate-600">Stars only, no text.</p>
                )}
                <p className="mt-2 text-sm text-slate-700">
                  {r.authorName}, {r.authorPlace} · order {r.orderRef} ·{' '}
                  <time dateTime={r.createdAt}>{when.format(new Date(r.createdAt))}</time>
                </p>
                <div className="mt-4 flex flex-wrap gap-3">
                  {ACTIONS.filter(([state]) => state !== r.state).map(([state, label, look]) => (
                    <button
                      key={state}
                      type="button"
                      className={`btn ${look} min-h-11`}
                      disabled={change.isPending}
                      onClick={() => change.mutate({ id: r.id, state })}
                    >
                      {label}
                    </button>
                  ))}
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
