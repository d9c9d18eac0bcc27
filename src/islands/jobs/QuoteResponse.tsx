// The client's answer to a quote, under it on /quote/{token}: accept it (the full name typed and the
// terms ticked, checked by the endpoint's own schema first), or ask for a change in a message. After
// either, the page is loaded again and shows the quote as it now stands.
import { type FormEvent, useId, useState } from 'react';
import { acceptQuoteSchema, quoteChangesSchema } from '~/lib/jobs/schemas';
import { HttpError, sendJson } from '~/lib/platform/client/api';
import { useHydrated } from '~/lib/platform/client/use-hydrated';

const field = 'mt-1 block min-h-11 w-full min-w-0 rounded-md border border-slate-400 bg-white px-3';

const why = (err: unknown) =>
  err instanceof HttpError && err.serverMessage
    ? err.serverMessage
    : 'It could not be sent. Please check your connection and try again.';

export default function QuoteResponse(props: { token: string; totalCents: number }) {
  const id = useId();
  const hydrated = useHydrated();
  const [name, setName] = useState('');
  const [ticked, setTicked] = useState(false);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<{ form: 'accept' | 'changes'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `/api/quotes/${encodeURIComponent(props.token)}`;

  const post = async (form: 'accept' | 'changes', path: string, body: unknown) => {
    setBusy(true);
    setProblem(null);
    try {
      await sendJson('POST', path, body);
      window.location.reload();
    } catch (err) {
      setProblem({ form, text: why(err) });
      setBusy(false);
    }
  };
  const accept = (e: FormEvent) => {
    e.preventDefault();
    const parsed = acceptQuoteSchema.safeParse({ name, acceptTerms: ticked, totalCents: props.totalCents });
    if (!parsed.success) {
      setProblem({ form: 'accept', text: parsed.error.issues[0]?.message ?? 'Please check the form.' });
      return;
    }
    void post('accept', `${base}/accept`, parsed.data);
  };
  const askChange = (e: FormEvent) => {
    e.preventDefault();
    const parsed = quoteChangesSchema.safeParse({ message });
    if (!parsed.success) {
      setProblem({ form: 'changes', text: parsed.error.issues[0]?.message ?? 'Please check the message.' });
      return;
    }
    void post('changes', `${base}/changes`, parsed.data);
  };
  const disabled = busy || !hydrated;

  return (
    <div className="mt-10 grid gap-10">
      <form
        onSubmit={accept}
        aria-labelledby={`${id}-accept`}
        className="rounded-lg border border-slate-300 bg-white p-5"
      >
        <h2 id={`${id}-accept`} className="text-2xl text-ink-950">
          Accept this quote
        </h2>
        <div className="mt-4">
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            Your full name
          </label>
          <input
            id={`${id}-name`}
            className={field}
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="mt-4 flex items-start gap-3">
          <input
            id={`${id}-terms`}
            type="checkbox"
            className="mt-1 size-5 shrink-0"
            checked={ticked}
            onChange={(e) => setTicked(e.target.checked)}
          />
          <label htmlFor={`${id}-terms`}>I accept the terms above</label>
        </div>
        {problem?.form === 'accept' && (
          <p role="alert" className="mt-4 text-red-800">
            {problem.text}
          </p>
        )}
        <button type="submit" className="btn btn-primary mt-5 min-h-11 px-5" disabled={disabled}>
          Accept the quote
        </button>
      </form>
      <form
        onSubmit={askChange}
        aria-labelledby={`${id}-changes`}
        className="rounded-lg border border-slate-300 bg-white p-5"
      >
        <h2 id={`${id}-changes`} className="text-2xl text-ink-950">
          Ask for a change
        </h2>
        <label htmlFor={`${id}-message`} className="mt-4 block text-sm font-medium">
          What would you like changed?
        </label>
        <textarea
          id={`${id}-message`}
          rows={4}
          maxLength={2000}
          className={`${field} py-2`}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        {problem?.form === 'changes' && (
          <p role="alert" className="mt-4 text-red-800">
            {problem.text}
          </p>
        )}
        <button type="submit" className="btn btn-secondary mt-5 min-h-11 px-5" disabled={disabled}>
          Send the message
        </button>
      </form>
    </div>
  );
}
