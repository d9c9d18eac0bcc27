// The Jobs tab: every job (its quote) with the client, title, total, its stage (enquiry, quote sent,
// accepted, booked, delivered, paid, cancelled) and what is owed since when, filtered by stage;
// "New quote" opens the form, and so does "Write a quote" on a drone enquiry (prefilled with the
// client's name, e-mail and message). "Cancel the job" on an accepted job opens its dialog; a
// cancelled job says what was refunded, with its credit notes. A list, one column on a phone.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { JOB_STAGE_LABELS, JOB_STAGES } from '~/lib/jobs/job-stages';
import { formatEuro } from '~/lib/platform/shared/format';
import { JobCancelDialog } from './JobCancelDialog';
import { JobCancelled } from './JobCancelled';
import { QuoteEditor } from './QuoteEditor';
import { listKey, type QuoteListItem, type QuotePrefill, readQuotes } from './quotes-api';

type Open = { kind: 'none' } | { kind: 'new'; prefill?: QuotePrefill } | { kind: 'quote'; id: string };

export default function JobsTab(props: { prefill?: QuotePrefill | null; onPrefillUsed?: () => void }) {
  const id = useId();
  const [status, setStatus] = useState('all');
  const [cancelling, setCancelling] = useState<QuoteListItem | null>(null);
  const [open, setOpen] = useState<Open>(() =>
    props.prefill ? { kind: 'new', prefill: props.prefill } : { kind: 'none' },
  );
  const { data, isError } = useQuery({ queryKey: listKey(status), queryFn: () => readQuotes(status) });
  const close = () => {
    setOpen({ kind: 'none' });
    props.onPrefillUsed?.();
  };

  if (open.kind !== 'none') {
    return (
      <QuoteEditor
        key={open.kind === 'quote' ? open.id : 'new'}
        quoteId={open.kind === 'quote' ? open.id : null}
        prefill={open.kind === 'new' ? open.prefill : undefined}
        onOpen={(quoteId) => {
          setOpen({ kind: 'quote', id: quoteId });
          props.onPrefillUsed?.();
        }}
        onClose={close}
      />
    );
  }
  return (
    <section aria-labelledby={`${id}-h`}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id={`${id}-h`} className="text-2xl">
          Quotes
        </h2>
        <button
          type="button"
          className="btn btn-primary min-h-11 px-5"
          onClick={() => setOpen({ kind: 'new' })}
        >
          New quote
        </button>
      </div>
      <div className="mt-4 text-sm">
        <label htmlFor={`${id}-status`}>Show</label>
        <select
          id={`${id}-status`}
          className="ml-2 min-h-11 rounded-md border border-slate-300 bg-white px-3"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        >
          <option value="all">All jobs</option>
          {JOB_STAGES.map((s) => (
            <option key={s} value={s}>
              {JOB_STAGE_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {isError && <p role="alert">The quotes could not be loaded. Please reload the page.</p>}
      {data && data.quotes.length === 0 && (
        <p className="mt-6 text-slate-600">
          {status === 'all' ? 'No quotes yet.' : 'No jobs at this stage.'}
        </p>
      )}
      <ul className="mt-6 space-y-3" aria-label="Quotes">
        {data?.quotes.map((q) => (
          <li key={q.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="min-w-0 font-semibold break-words">{q.title}</h3>
              <span className="tabular-nums">{formatEuro(q.grossCents)}</span>
            </div>
            <p className="text-sm text-slate-700">{q.clientName}</p>
            <p className="text-sm">
              <span className="font-medium">{JOB_STAGE_LABELS[q.stage]}</span>
              {q.standingWords !== JOB_STAGE_LABELS[q.stage] && ` · ${q.standingWords}`}
            </p>
            {q.owedWords && <p className="text-sm font-medium text-slate-900">{q.owedWords}</p>}
            {q.depositWords && <p className="text-sm text-slate-700">{q.depositWords}</p>}
            {q.cancellation && <JobCancelled quoteId={q.id} cancellation={q.cancellation} />}
            <div className="mt-3 flex flex-wrap gap-3">
              <button
                type="button"
                className="btn btn-secondary min-h-11 px-4"
                onClick={() => setOpen({ kind: 'quote', id: q.id })}
              >
                Open<span className="sr-only"> the quote {q.title}</span>
              </button>
              {q.standing === 'accepted' && (
                <button
                  type="button"
                  className="btn btn-secondary min-h-11 px-4"
                  onClick={() => setCancelling(q)}
                >
                  Cancel the job<span className="sr-only"> {q.title}</span>
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {cancelling && <JobCancelDialog job={cancelling} onClose={() => setCancelling(null)} />}
    </section>
  );
}
