// The order dialog's "Print lab" section: where the order's lab order is, in words, and the owner's
// hand on it: send a held one to the lab, send a refused one again, or cancel it (at once before it
// reaches the lab, at the lab while the lab allows it). Once cancelled, it says what comes next:
// cancelling refunds nothing, so the owner refunds the order or makes the prints.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  LAB_STATE_WORDS,
  type LabOrderAction,
  labCancelledGuidance,
  labStageWords,
  takenWhileWithdrawn,
} from '~/lib/orders/lab-order-schemas';
import { reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { irishDateTime, type LabOrderView, type OrderDetails } from './orders-api';

const when = (iso: string | null) => (iso ? irishDateTime.format(new Date(iso)) : '');

const DONE: Record<LabOrderAction, string> = {
  approve: 'Sent to the lab',
  retry: 'Sent to the lab again',
  cancel: 'Lab order cancelled',
};

export function LabOrderPanel(props: {
  lab: LabOrderView;
  /** The order's API path, /api/admin/orders/{id}. */
  path: string;
  /** The order's money went back to the buyer already. */
  refunded: boolean;
  /** Every line of the order is made by the lab: none is the owner's to make. */
  allLinesByLab: boolean;
  onChanged: () => void;
}) {
  const { lab, path, refunded, allLinesByLab, onChanged } = props;
  const [problem, setProblem] = useState('');
  const act = useMutation({
    mutationFn: (action: LabOrderAction) => send<OrderDetails>('POST', `${path}/lab`, { action }),
    onSuccess: (order, action) => {
      setProblem('');
      const cancelled = action === 'cancel' && order.lab && !takenWhileWithdrawn(order.lab);
      const next = cancelled
        ? labCancelledGuidance({ refunded: Boolean(order.refundId), allLinesByLab })
        : undefined;
      notify('success', DONE[action], next);
      onChanged();
    },
    onError: (err) => {
      const why = reason(err) ?? 'The lab order could not be changed.';
      setProblem(why);
      notify('error', 'Not done', why);
      onChanged();
    },
  });
  const cancel = (question: string) => {
    if (window.confirm(question)) act.mutate('cancel');
  };
  const button = (label: string, busy: string, onClick: () => void, primary = false) => (
    <button
      type="button"
      className={`btn ${primary ? 'btn-primary' : 'btn-secondary'}`}
      disabled={act.isPending}
      onClick={onClick}
    >
      {act.isPending && act.variables && label === labelOf(act.variables, lab.state) ? busy : label}
    </button>
  );
  const stage = (lab.labStage ?? '').toLowerCase();
  const atLabCancellable = stage !== 'complete' && stage !== 'cancelled';

  return (
    <section aria-labelledby="lab-h" className="rounded-md border border-slate-200 p-4">
      <h3 id="lab-h" className="font-semibold">
        Print lab
      </h3>
      <p className="mt-1 text-sm font-medium">{headline(lab)}</p>

      {lab.state === 'queued' && (
        <div className="mt-1 space-y-1 text-sm">
          {lab.attempts > 0 ? (
            <p>
              Tried {lab.attempts === 1 ? 'once' : `${lab.attempts} times`}, last on {when(lab.updatedAt)}
              {lab.nextAttemptAt ? `; next try on ${when(lab.nextAttemptAt)}` : ''}.
            </p>
          ) : (
            <p>Not tried yet{lab.nextAttemptAt ? `: it goes on ${when(lab.nextAttemptAt)}` : ''}.</p>
          )}
          {lab.lastError && <p className="break-words text-slate-600">Last error: {lab.lastError}</p>}
          {lab.unreachableSince && (
            <p className="text-red-800">The lab has not been reachable since {when(lab.unreachableSince)}.</p>
          )}
        </div>
      )}

      {lab.state === 'sent' && (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt>Lab order</dt>
          <dd className="font-mono break-all">{lab.labOrderId ?? '—'}</dd>
          {lab.sentAt && (
            <>
              <dt>Sent</dt>
              <dd>{when(lab.sentAt)}</dd>
            </>
          )}
          {lab.labIssues && (
            <>
              <dt>Issues</dt>
              <dd className="whitespace-pre-line break-words text-red-800">{lab.labIssues}</dd>
            </>
          )}
          {(lab.carrier || lab.trackingNumber) && (
            <>
              <dt>Parcel</dt>
              <dd className="break-words">
                {lab.carrier ?? 'Carrier not given'}
                {lab.trackingNumber && (
                  <>
                    ,{' '}
                    {lab.trackingUrl ? (
                      <a
                        href={lab.trackingUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="underline"
                      >
                        {lab.trackingNumber}
                      </a>
                    ) : (
                      lab.trackingNumber
                    )}
                  </>
                )}
              </dd>
            </>
          )}
        </dl>
      )}

      {lab.state === 'refused' && (
        <div className="mt-1 text-sm">
          <p>The lab’s reasons:</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {lab.refusal.length === 0 && <li>None given.</li>}
            {lab.refusal.map((r) => (
              <li key={`${r.field} ${r.code} ${r.description}`} className="break-words">
                {r.field ? `${r.field}: ` : ''}
                {r.description || r.code}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-slate-600">
            Fix the cause (a product code under Products, or the buyer’s address), then send it again.
          </p>
        </div>
      )}

      {takenWhileWithdrawn(lab) && (
        <p className="mt-1 text-sm text-red-800">
          The lab took this order as <span className="font-mono">{lab.labOrderId}</span> while it was being
          withdrawn: cancel it at the lab if the lab should not make it.
        </p>
      )}
      {lab.state === 'cancelled' && !takenWhileWithdrawn(lab) && (
        <p className="mt-1 text-sm">{labCancelledGuidance({ refunded, allLinesByLab })}</p>
      )}

      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {problem}
        </p>
      )}

      <div className="mt-3 flex flex-wrap gap-3">
        {lab.state === 'held' && button('Send to the lab', 'Sending…', () => act.mutate('approve'), true)}
        {lab.state === 'refused' && button('Send again', 'Sending…', () => act.mutate('retry'), true)}
        {(lab.state === 'held' || lab.state === 'queued' || lab.state === 'refused') &&
          button('Cancel lab order', 'Cancelling…', () =>
            cancel('Cancel the lab order? The lab will not make these prints; the buyer is not refunded.'),
          )}
        {((lab.state === 'sent' && atLabCancellable) || takenWhileWithdrawn(lab)) &&
          button('Cancel at the lab', 'Cancelling…', () =>
            cancel(
              'Ask the lab to cancel this order? It can only while it has not started making it; the buyer is not refunded.',
            ),
          )}
      </div>
    </section>
  );
}

/** The label of the button that does an action, in a state (for its busy words). */
function labelOf(action: LabOrderAction, state: LabOrderView['state']): string {
  if (action === 'approve') return 'Send to the lab';
  if (action === 'retry') return 'Send again';
  return state === 'sent' || state === 'cancelled' ? 'Cancel at the lab' : 'Cancel lab order';
}

/** Where the lab order is, in one sentence. */
function headline(lab: LabOrderView): string {
  if (lab.state === 'sent') return `${labStageWords(lab.labStage)}.`;
  if (takenWhileWithdrawn(lab)) return 'Withdrawn, but the lab took it.';
  if (lab.state === 'cancelled')
    return lab.labStage?.toLowerCase() === 'cancelled'
      ? 'Cancelled at the lab.'
      : 'Cancelled before it reached the lab.';
  return `${LAB_STATE_WORDS[lab.state]}.`;
}
