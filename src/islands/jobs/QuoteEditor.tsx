// One quote in the Jobs tab. A draft (or a quote the client asked to change) is a form with live
// totals: save it as a draft or send it to the client. A sent quote is shown as the client sees it,
// with "Revise" (which makes it a draft again: its link then says it is being revised) and
// "Withdraw"; an accepted quote shows the acceptance and cannot be changed, and its delivery
// (gallery, balance invoice) is run from JobDelivery.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { depositAsked, ownerDepositWords } from '~/lib/jobs/deposit-rules';
import { LINE_KIND_LABELS, longDay } from '~/lib/jobs/quote-rules';
import { depositAmounts, quoteTotals } from '~/lib/jobs/quote-totals';
import { reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { formatEuro } from '~/lib/platform/shared/format';
import { JobDelivery } from './JobDelivery';
import { QuoteLines } from './QuoteLines';
import { amountsOf, type FormState, initialForm, payloadOf } from './quote-form';
import {
  DEFAULTS_KEY,
  QUOTES_KEY,
  type QuoteDefaultsJson,
  type QuoteJson,
  type QuotePrefill,
  quoteKey,
  quotePath,
  readDefaults,
  readQuote,
} from './quotes-api';

const field = 'mt-1 block min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3';

function Totals(props: { netCents: number; vatRateBp: number; vatCents: number; grossCents: number }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 text-sm tabular-nums sm:col-span-2" aria-label="Totals">
      <dt>Net</dt>
      <dd className="text-right">{formatEuro(props.netCents)}</dd>
      <dt>{props.vatRateBp ? `VAT at ${props.vatRateBp / 100}%` : 'VAT (not registered)'}</dt>
      <dd className="text-right">{formatEuro(props.vatCents)}</dd>
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold">{formatEuro(props.grossCents)}</dd>
    </dl>
  );
}

/** The live deposit under the percentage: "€95.10 (30% of €317.00)", or why there is none. */
function depositWords(grossCents: number, typed: string, vatRateBp: number): string {
  const percent = Number(typed);
  if (typed.trim() === '' || !Number.isInteger(percent) || percent < 0 || percent > 100)
    return 'Type a whole percentage from 0 to 100.';
  if (percent === 0) return 'No deposit is asked.';
  return `The client pays ${depositAsked(depositAmounts(grossCents, percent, vatRateBp))} once they accept.`;
}

function Messages(props: { quote: QuoteJson }) {
  if (!props.quote.messages.length) return null;
  return (
    <section className="rounded-md border border-amber-300 bg-amber-50 p-4 sm:col-span-2">
      <h3 className="font-semibold">The client asked for changes</h3>
      {props.quote.messages.map((m) => (
        <blockquote key={m.createdAt} className="mt-2 whitespace-pre-line">
          {m.message}
        </blockquote>
      ))}
    </section>
  );
}

export function QuoteEditor(props: {
  quoteId: string | null;
  prefill?: QuotePrefill;
  onOpen: (id: string) => void;
  onClose: () => void;
}) {
  const defaults = useQuery({ queryKey: DEFAULTS_KEY, queryFn: readDefaults });
  const quote = useQuery({
    queryKey: quoteKey(props.quoteId ?? ''),
    queryFn: () => readQuote(props.quoteId ?? ''),
    enabled: props.quoteId !== null,
  });
  const [revising, setRevising] = useState(false);
  if (!defaults.data || (props.quoteId && !quote.data)) {
    return defaults.isError || quote.isError ? (
      <p role="alert">The quote could not be loaded. Please reload the page.</p>
    ) : (
      <p aria-busy="true">Loading…</p>
    );
  }
  const q = quote.data ?? null;
  const editable =
    !q || q.status === 'draft' || q.status === 'changes_requested' || (q.status === 'sent' && revising);
  return editable ? (
    <QuoteForm
      key={q ? `${q.id}-${q.status}` : 'new'}
      defaults={defaults.data}
      quote={q}
      prefill={props.prefill}
      onOpen={(id) => {
        setRevising(false);
        props.onOpen(id);
      }}
      onClose={props.onClose}
    />
  ) : (
    q && <QuoteSummary quote={q} onRevise={() => setRevising(true)} onClose={props.onClose} />
  );
}

function useQuoteAction(quoteId: string, action: 'send' | 'withdraw') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => send<QuoteJson>('POST', `${quotePath(quoteId)}/${action}`),
    onSuccess: (q) => {
      client.invalidateQueries({ queryKey: QUOTES_KEY });
      notify(
        'success',
        action === 'send' ? 'Quote sent' : 'Quote withdrawn',
        action === 'send' ? `Mailed to ${q.clientEmail}` : q.title,
      );
    },
    onError: (err) =>
      notify('error', action === 'send' ? 'Not sent' : 'Not withdrawn', reason(err) ?? 'Please try again.'),
  });
}

function QuoteSummary(props: { quote: QuoteJson; onRevise: () => void; onClose: () => void }) {
  const q = props.quote;
  const withdraw = useQuoteAction(q.id, 'withdraw');
  return (
    <section aria-label={`Quote: ${q.title}`} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <button type="button" className="min-h-11 underline" onClick={props.onClose}>
          Back to the quotes
        </button>
        <h2 className="mt-2 text-2xl break-words">{q.title}</h2>
        <p className="text-slate-700">
          {q.clientName} · {q.clientEmail}
        </p>
        <p className="mt-1 font-medium" role="status">
          {q.standingWords}
        </p>
        <p className="text-sm text-slate-600">Valid until {longDay(q.validUntil)}</p>
      </div>
      <Messages quote={q} />
      <ul className="space-y-1 text-sm sm:col-span-2">
        {q.lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a saved quote keep their order
          <li key={i} className="flex justify-between gap-4">
            <span className="min-w-0 break-words">
              {LINE_KIND_LABELS[l.kind]}: {l.description} ({l.quantity} × {formatEuro(l.unitPriceCents)})
            </span>
            <span className="tabular-nums">{formatEuro(l.netCents)}</span>
          </li>
        ))}
      </ul>
      <Totals {...q.totals} />
      {q.status === 'accepted' && (
        <p className="sm:col-span-2">
          Accepted total: {formatEuro(q.acceptedTotalCents ?? 0)}, VAT included.
        </p>
      )}
      {q.status === 'accepted' && q.shootDate && (
        <p className="sm:col-span-2">
          <a className="underline" href={`${quotePath(q.id)}/shoot.ics`} download="drone-shoot.ics">
            Add the shoot on {longDay(q.shootDate)} to your calendar
          </a>
        </p>
      )}
      <p className="sm:col-span-2">
        {q.status === 'accepted'
          ? ownerDepositWords(q.deposit, q.balance?.state === 'due' || q.balance?.state === 'paid')
          : q.depositPercent > 0
            ? `Deposit asked on acceptance: ${depositAsked(q.deposit)}`
            : 'No deposit asked'}
      </p>
      {q.status === 'accepted' && <JobDelivery quote={q} />}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        {q.status === 'sent' && (
          <button type="button" className="btn btn-secondary min-h-11 px-4" onClick={props.onRevise}>
            Revise
          </button>
        )}
        {(q.status === 'sent' || q.status === 'draft' || q.status === 'changes_requested') && (
          <button
            type="button"
            className="btn btn-secondary min-h-11 px-4"
            disabled={withdraw.isPending}
            onClick={() => withdraw.mutate()}
          >
            Withdraw
          </button>
        )}
      </div>
    </section>
  );
}

function QuoteForm(props: {
  defaults: QuoteDefaultsJson;
  quote: QuoteJson | null;
  prefill?: QuotePrefill;
  onOpen: (id: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const client = useQueryClient();
  const { defaults, quote } = props;
  const [form, setForm] = useState<FormState>(() => initialForm(defaults, quote, props.prefill));
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const totals = quoteTotals(amountsOf(form.lines), quote?.totals.vatRateBp ?? defaults.vatRateBp);

  const save = useMutation({
    mutationFn: async (then: 'draft' | 'send') => {
      const payload = payloadOf(form);
      if (!payload.ok) throw new Error(payload.message);
      const saved = quote
        ? await send<QuoteJson>('PUT', quotePath(quote.id), payload.body)
        : await send<QuoteJson>('POST', '/api/admin/quotes', payload.body);
      if (then === 'draft') return { quote: saved, then };
      try {
        return { quote: await send<QuoteJson>('POST', `${quotePath(saved.id)}/send`), then };
      } catch (err) {
        // Saved but not sent: the form goes on with the saved draft, so a second try makes no twin.
        if (!quote) props.onOpen(saved.id);
        throw err;
      }
    },
    onSuccess: ({ quote: saved, then }) => {
      setProblem(null);
      client.invalidateQueries({ queryKey: QUOTES_KEY });
      notify(
        'success',
        then === 'send' ? 'Quote sent' : 'Quote saved',
        then === 'send' ? `Mailed to ${saved.clientEmail}` : saved.title,
      );
      props.onOpen(saved.id);
    },
    onError: (err) => {
      const text = reason(err) ?? (err instanceof Error ? err.message : 'The quote could not be saved.');
      setProblem(text);
      notify('error', 'Not saved', text);
    },
  });
  const withdraw = useQuoteAction(quote?.id ?? '', 'withdraw');
  const text = (
    key: 'clientName' | 'clientEmail' | 'title' | 'location' | 'shootDate' | 'validUntil',
    label: string,
    type = 'text',
  ) => (
    <div className="min-w-0 text-sm">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type={type}
        className={field}
        value={form[key]}
        onChange={(e) => set(key, e.target.value)}
      />
    </div>
  );

  return (
    <form
      aria-label={quote ? `Quote: ${quote.title}` : 'New quote'}
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate('draft');
      }}
    >
      <div className="sm:col-span-2">
        <button type="button" className="min-h-11 underline" onClick={props.onClose}>
          Back to the quotes
        </button>
        <h2 className="mt-2 text-2xl">{quote ? `Quote: ${quote.title}` : 'New quote'}</h2>
        {quote && <p className="font-medium">{quote.standingWords}</p>}
      </div>
      {props.prefill && (
        <section className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm sm:col-span-2">
          <h3 className="font-semibold">The enquiry</h3>
          <p className="mt-1 whitespace-pre-line">{props.prefill.message}</p>
        </section>
      )}
      {quote && <Messages quote={quote} />}
      {text('clientName', 'Client’s name')}
      {text('clientEmail', 'Client’s e-mail', 'email')}
      <div className="sm:col-span-2">
        {text('title', 'Title (e.g. Aerial photos of a farm near Aughrim)')}
      </div>
      {text('location', 'Shoot location')}
      {text('shootDate', 'Proposed shoot date (optional)', 'date')}
      {text('validUntil', 'Valid until', 'date')}
      <QuoteLines
        lines={form.lines}
        lineNetCents={totals.lineNetCents}
        defaults={defaults}
        onChange={(lines) => set('lines', lines)}
      />
      <Totals {...totals} />
      <div className="min-w-0 text-sm sm:col-span-2">
        <label htmlFor={`${id}-deposit`}>Deposit asked on acceptance (% of the total)</label>
        <input
          id={`${id}-deposit`}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          className={`${field} max-w-32`}
          value={form.depositPercent}
          onChange={(e) => set('depositPercent', e.target.value)}
          aria-describedby={`${id}-deposit-amount`}
        />
        <p id={`${id}-deposit-amount`} className="mt-1 text-slate-700">
          {depositWords(totals.grossCents, form.depositPercent, totals.vatRateBp)}
        </p>
        <label className="mt-2 flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            className="size-5"
            checked={form.saveDepositAsDefault}
            onChange={(e) => set('saveDepositAsDefault', e.target.checked)}
          />
          Start every new quote with this deposit
        </label>
      </div>
      <div className="min-w-0 text-sm sm:col-span-2">
        <label htmlFor={`${id}-terms`}>Terms</label>
        <textarea
          id={`${id}-terms`}
          rows={6}
          className={`${field} py-2`}
          value={form.terms}
          onChange={(e) => set('terms', e.target.value)}
        />
        <label className="mt-2 flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            className="size-5"
            checked={form.saveTermsAsDefault}
            onChange={(e) => set('saveTermsAsDefault', e.target.checked)}
          />
          Start every new quote with these terms
        </label>
      </div>
      {problem && (
        <p role="alert" className="text-red-800 sm:col-span-2">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <button type="submit" className="btn btn-secondary min-h-11 px-4" disabled={save.isPending}>
          Save as draft
        </button>
        <button
          type="button"
          className="btn btn-primary min-h-11 px-4"
          disabled={save.isPending}
          onClick={() => save.mutate('send')}
        >
          Send to client
        </button>
        {quote && (
          <button
            type="button"
            className="btn btn-secondary min-h-11 px-4"
            disabled={withdraw.isPending}
            onClick={() => withdraw.mutate()}
          >
            Withdraw
          </button>
        )}
      </div>
    </form>
  );
}
