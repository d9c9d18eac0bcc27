// "Cancel the job" in a native <dialog> (showModal gives the focus trap, Esc and the inert page):
// what the client paid, the refund (the full amount proposed, the owner may lower it; the server
// caps it and refunds through the provider that took each payment) and the reason, which is
// required. The form is the endpoint's own zod schema through react-hook-form.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { centsFromEuros, type JobCancelInput, jobCancelSchema } from '~/lib/jobs/job-cancel-rules';
import type { QuoteListItem } from '~/lib/jobs/quote-rules';
import { reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { centsToDecimal, formatEuro } from '~/lib/platform/shared/format';
import { QUOTES_KEY, quotePath } from './quotes-api';

export function JobCancelDialog({ job, onClose }: { job: QuoteListItem; onClose: () => void }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const client = useQueryClient();
  const [failure, setFailure] = useState('');
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<JobCancelInput>({
    resolver: zodResolver(jobCancelSchema),
    // The refund's field starts from its own text (the full amount, in euros), read through setValueAs.
    defaultValues: { reason: '' },
  });
  const cancel = useMutation({
    mutationFn: (body: JobCancelInput) => send('POST', `${quotePath(job.id)}/cancel`, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: QUOTES_KEY });
      notify('success', 'Job cancelled', job.title);
      dialog.current?.close();
    },
    onError: (err) => {
      const why = reason(err) ?? 'Please try again.';
      setFailure(why);
      notify('error', 'The job was not cancelled', why);
    },
  });
  const refundError = errors.refundCents?.message;
  const reasonError = errors.reason?.message;

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only closes on the backdrop; Esc closes a native dialog.
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-h`}
      onClose={onClose}
      onClick={(e) => e.target === dialog.current && !cancel.isPending && dialog.current?.close()}
      className="m-auto max-h-[90vh] w-[min(34rem,94vw)] overflow-y-auto rounded-lg bg-white p-0 text-slate-900 backdrop:bg-black/50"
    >
      <form
        className="space-y-4 p-6"
        noValidate
        onSubmit={handleSubmit((body) => {
          setFailure('');
          cancel.mutate(body);
        })}
      >
        <h2 id={`${id}-h`} className="text-xl font-semibold break-words">
          Cancel the job: {job.title}
        </h2>
        <p>
          {job.clientName} paid {formatEuro(job.paidCents)} on this job.
          {job.depositWords && <span className="block text-sm text-slate-700">{job.depositWords}</span>}
        </p>
        <div>
          <label htmlFor={`${id}-refund`} className="block text-sm font-medium">
            Refund (€)
          </label>
          <input
            id={`${id}-refund`}
            inputMode="decimal"
            autoComplete="off"
            className="mt-1 min-h-11 w-40 rounded-md border border-slate-300 px-3 tabular-nums"
            aria-invalid={Boolean(refundError)}
            aria-describedby={`${id}-refund-hint${refundError ? ` ${id}-refund-error` : ''}`}
            defaultValue={centsToDecimal(job.paidCents)}
            {...register('refundCents', { setValueAs: (v: unknown) => centsFromEuros(String(v)) })}
          />
          <p id={`${id}-refund-hint`} className="mt-1 text-sm text-slate-600">
            At most {formatEuro(job.paidCents)}; the balance is refunded before the deposit, each the way it
            was paid. 0 refunds nothing.
          </p>
          {refundError && (
            <p id={`${id}-refund-error`} className="mt-1 text-sm text-red-700">
              {refundError}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
            Reason
          </label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
            aria-invalid={Boolean(reasonError)}
            aria-describedby={reasonError ? `${id}-reason-error` : undefined}
            {...register('reason')}
          />
          {reasonError && (
            <p id={`${id}-reason-error`} className="mt-1 text-sm text-red-700">
              {reasonError}
            </p>
          )}
        </div>
        {failure && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {failure}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            className="btn btn-secondary min-h-11 px-4"
            disabled={cancel.isPending}
            onClick={() => dialog.current?.close()}
          >
            Keep the job
          </button>
          <button type="submit" className="btn btn-primary min-h-11 px-4" disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel the job and refund'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
