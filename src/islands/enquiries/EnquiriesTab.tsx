// The Enquiries tab: messages from the contact form, newest first, to answer by e-mail and mark
// handled.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { QuotePrefill } from '~/islands/jobs/quotes-api';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';

export interface Enquiry {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  serviceInterest: string | null;
  serviceLabel: string | null;
  message: string;
  createdAt: string;
  handledAt: string | null;
  replySubject?: string;
}

export interface EnquiryList {
  enquiries: Enquiry[];
  unhandled: number;
}

export const enquiriesKey = (filter: 'unhandled' | 'all') => ['/api/admin/enquiries', filter];
export const readEnquiries = (filter: 'unhandled' | 'all') =>
  read<EnquiryList>(`/api/admin/enquiries?filter=${filter}`);

const when = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium', timeStyle: 'short' });

/** `onWriteQuote`: opens the Jobs tab's quote form for a drone enquiry, prefilled with its client. */
export function EnquiriesTab(props: { onWriteQuote?: (prefill: QuotePrefill) => void }) {
  const [filter, setFilter] = useState<'unhandled' | 'all'>('unhandled');
  const client = useQueryClient();
  const { data, isError } = useQuery({
    queryKey: enquiriesKey(filter),
    queryFn: () => readEnquiries(filter),
  });
  const mark = useMutation({
    mutationFn: (v: { id: string; handled: boolean }) =>
      send('PATCH', `/api/admin/enquiries/${encodeURIComponent(v.id)}`, { handled: v.handled }),
    onSuccess: (_r, v) => {
      notify('success', v.handled ? 'Enquiry marked handled' : 'Enquiry marked unhandled');
      client.invalidateQueries({ queryKey: ['/api/admin/enquiries'] });
    },
    onError: (err) => notify('error', 'Error', reason(err) ?? 'Failed to update the enquiry'),
  });
  return (
    <div>
      <fieldset className="flex flex-wrap items-center gap-4">
        <legend className="sr-only">Show</legend>
        {(['unhandled', 'all'] as const).map((f) => (
          <label key={f} className="inline-flex min-h-11 items-center gap-2">
            <input type="radio" name="enquiry-filter" checked={filter === f} onChange={() => setFilter(f)} />
            {f === 'unhandled' ? 'Waiting for an answer' : 'All enquiries'}
          </label>
        ))}
      </fieldset>
      {isError && <p role="alert">The enquiries could not be loaded. Please reload the page.</p>}
      {data && data.enquiries.length === 0 && (
        <p className="mt-6 text-slate-600">
          {filter === 'unhandled' ? 'No enquiries wait for an answer.' : 'No enquiries yet.'}
        </p>
      )}
      <ul className="mt-6 space-y-4">
        {data?.enquiries.map((e) => {
          const name = `${e.firstName} ${e.lastName}`;
          const subject = e.replySubject ?? 'Re: your enquiry to Wicklow Light Photography';
          return (
            <li key={e.id} className="rounded-lg border border-slate-200 bg-white p-5">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="text-lg font-semibold">{name}</h3>
                <time className="text-sm text-slate-600" dateTime={e.createdAt}>
                  {when.format(new Date(e.createdAt))}
                </time>
              </div>
              <p className="text-sm text-slate-700">
                {e.email} · {e.serviceLabel ?? 'No service chosen'}
                {e.handledAt ? ' · handled' : ''}
              </p>
              <p className="mt-3 whitespace-pre-line">{e.message}</p>
              <div className="mt-4 flex flex-wrap gap-3">
                <a
                  className="btn btn-secondary min-h-11"
                  href={`mailto:${e.email}?subject=${encodeURIComponent(subject)}`}
                >
                  Reply to {e.firstName}
                </a>
                {e.serviceInterest === 'drone' && props.onWriteQuote && (
                  <button
                    type="button"
                    className="btn btn-secondary min-h-11"
                    aria-label={`Write a quote for ${name}`}
                    onClick={() =>
                      props.onWriteQuote?.({
                        enquiryId: e.id,
                        clientName: name,
                        clientEmail: e.email,
                        message: e.message,
                      })
                    }
                  >
                    Write a quote
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-primary min-h-11"
                  disabled={mark.isPending}
                  onClick={() => mark.mutate({ id: e.id, handled: !e.handledAt })}
                >
                  {e.handledAt ? 'Mark unhandled' : 'Mark handled'}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
