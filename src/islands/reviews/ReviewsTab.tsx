// The Reviews tab: what buyers wrote about the prints they bought, through the link mailed when
// their order was delivered. Those waiting for the owner come first; only approved reviews are
// shown in the shop and counted in its stars.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { read, reason, send } from '~/islands/admin/query';
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
      <p className="max-w-2xl text-slate-700">
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
