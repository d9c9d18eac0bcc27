// The delivery of an accepted job in the owner's quote view: the gallery it is delivered in (one of
// the client galleries, or a new one for the job), "Release the downloads now", "Invoice the
// balance", and where the balance stands, with the job's invoices as PDFs (or their specimens: a
// deposit paid in test mode, a balance invoiced on a site that takes only test payments).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ownerBalanceWords, ownerGalleryWords } from '~/lib/jobs/balance-rules';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { QUOTES_KEY, type QuoteJson, quotePath } from './quotes-api';

const NEW_GALLERY = 'new';
const field = 'mt-1 block min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3';

interface GalleryChoice {
  id: string;
  title: string;
  clientName: string;
}

const GALLERIES_KEY = ['/api/admin/galleries'];

function useJobAction(quoteId: string, done: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: { path: string; body?: unknown }) =>
      send<QuoteJson>('POST', `${quotePath(quoteId)}/${a.path}`, a.body),
    onSuccess: (q) => {
      client.invalidateQueries({ queryKey: QUOTES_KEY });
      client.invalidateQueries({ queryKey: GALLERIES_KEY });
      notify('success', done, q.title);
    },
    onError: (err) => notify('error', 'Not done', reason(err) ?? 'Please try again.'),
  });
}

export function JobDelivery(props: { quote: QuoteJson }) {
  const q = props.quote;
  const id = useId();
  const [choice, setChoice] = useState(NEW_GALLERY);
  const galleries = useQuery({
    queryKey: GALLERIES_KEY,
    queryFn: () => read<{ galleries: GalleryChoice[] }>('/api/admin/galleries'),
  });
  const attach = useJobAction(q.id, 'Gallery attached');
  const release = useJobAction(q.id, 'Downloads released');
  const invoice = useJobAction(q.id, 'Balance invoiced');
  const b = q.balance;
  const options = (galleries.data?.galleries ?? []).filter((g) => g.id !== q.gallery?.id);

  return (
    <section
      aria-label="Delivery and balance"
      className="grid gap-3 rounded-md border border-slate-200 p-3 sm:col-span-2"
    >
      <h3 className="text-lg font-semibold">Delivery and balance</h3>
      <p>{ownerGalleryWords(q.gallery, b)}</p>
      {b && <p>{ownerBalanceWords(b)}</p>}
      <form
        className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          attach.mutate({
            path: 'gallery',
            body: choice === NEW_GALLERY ? { newGallery: true } : { galleryId: choice },
          });
        }}
      >
        <div>
          <label htmlFor={`${id}-gallery`}>
            {q.gallery ? 'Deliver in another gallery' : 'Gallery for this job'}
          </label>
          <select
            id={`${id}-gallery`}
            className={field}
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
          >
            <option value={NEW_GALLERY}>New gallery for this job</option>
            {options.map((g) => (
              <option key={g.id} value={g.id}>
                {g.title} ({g.clientName})
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-secondary min-h-11 px-4" disabled={attach.isPending}>
          Attach the gallery
        </button>
      </form>
      <div className="flex flex-wrap gap-3">
        {q.gallery && !q.gallery.releasedDay && (
          <button
            type="button"
            className="btn btn-secondary min-h-11 px-4"
            disabled={release.isPending}
            onClick={() => release.mutate({ path: 'release' })}
          >
            Release the downloads now
          </button>
        )}
        {b?.state === 'open' && (
          <button
            type="button"
            className="btn btn-primary min-h-11 px-4"
            disabled={invoice.isPending}
            onClick={() => invoice.mutate({ path: 'balance-invoice' })}
          >
            Invoice the balance
          </button>
        )}
      </div>
      <ul className="flex flex-wrap gap-x-4 text-sm">
        {q.deposit.state === 'paid' && (
          <li>
            <a className="underline" href={`${quotePath(q.id)}/invoice/deposit`}>
              {q.deposit.testMode ? 'Deposit invoice (specimen)' : 'Deposit invoice (PDF)'}
            </a>
          </li>
        )}
        {b && (b.invoiceNumber || b.invoiceSpecimen) && (
          <li>
            <a className="underline" href={`${quotePath(q.id)}/invoice/balance`}>
              {b.invoiceNumber ? `Balance invoice ${b.invoiceNumber} (PDF)` : 'Balance invoice (specimen)'}
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}
