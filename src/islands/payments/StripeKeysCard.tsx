// The Payments tab's card about card payments through Stripe: whether buyers can pay by card, with
// test or live keys (live said plainly), where the keys come from and the last 4 characters of
// each, the webhook address to give Stripe, and a form to save or remove the keys. The keys are
// checked with Stripe and stored encrypted on the server, and never sent back to this page.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type StripeKeyState, stripeKeysSchema } from '~/lib/payments/stripe-key-schemas';
import { KeyFormActions } from '~/lib/platform/client/key-form-actions';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';

const KEY = ['/api/admin/payments/stripe'];

function stateWords(state: StripeKeyState): string {
  if (state.mode === 'off')
    return 'Card payments are off: the checkout shows no card choice. Save Stripe keys to take cards.';
  const kind =
    state.mode === 'live'
      ? 'LIVE: buyers pay by card and real money changes hands.'
      : 'Test keys: buyers can try paying by card, and no money is taken (the orders are test orders).';
  const from = state.keyFrom === 'environment' ? ' The keys are set in the server’s environment.' : '';
  return `${kind}${from}`;
}

export function StripeKeysCard() {
  const client = useQueryClient();
  const { data, isError } = useQuery({
    queryKey: KEY,
    queryFn: () => read<StripeKeyState>(KEY[0] as string),
  });
  const [secretKey, setSecretKey] = useState('');
  const [publishableKey, setPublishableKey] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [live, setLive] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const done = (state: StripeKeyState, title: string) => {
    setProblem(null);
    setSecretKey('');
    setPublishableKey('');
    setWebhookSecret('');
    setLive(false);
    client.setQueryData(KEY, state);
    notify('success', title, stateWords(state));
  };
  const save = useMutation({
    mutationFn: () =>
      send<StripeKeyState>('PUT', KEY[0] as string, { secretKey, publishableKey, webhookSecret, live }),
    onSuccess: (state) => done(state, 'Stripe keys saved'),
    onError: (err) => setProblem(reason(err) ?? 'The keys could not be saved.'),
  });
  const remove = useMutation({
    mutationFn: () => send<StripeKeyState>('DELETE', KEY[0] as string),
    onSuccess: (state) => done(state, 'Stripe keys removed'),
    onError: (err) => setProblem(reason(err) ?? 'The keys could not be removed.'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = stripeKeysSchema.safeParse({ secretKey, publishableKey, webhookSecret, live });
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? 'Please check the keys.');
    save.mutate();
  };
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-6">
      <h3 className="text-lg font-semibold">
        Card payments (Stripe){data?.mode === 'live' ? ': LIVE' : data?.mode === 'test' ? ': test' : ''}
      </h3>
      {isError && <p role="alert">The card payment settings could not be read. Please reload the page.</p>}
      {data && (
        <div className="mt-2 space-y-2 text-slate-700">
          <p className={data.mode === 'live' ? 'font-semibold text-red-800' : undefined}>
            {stateWords(data)}
          </p>
          {data.mode !== 'off' && (
            <ul className="space-y-1 text-sm">
              <li>Secret key: ends in {data.secretKeyLast4}</li>
              <li>Publishable key: ends in {data.publishableKeyLast4}</li>
              <li>
                Webhook secret:{' '}
                {data.webhookSecretSet
                  ? 'set'
                  : 'not set: paid orders are confirmed only when the buyer returns to the site'}
              </li>
            </ul>
          )}
          <p className="text-sm">
            In Stripe’s dashboard (Developers → Webhooks), send the events payment_intent.succeeded and
            payment_intent.payment_failed to <code className="font-mono break-all">{data.webhookUrl}</code>.
          </p>
          {data.keyFrom !== 'environment' && (
            <form onSubmit={submit} noValidate className="grid gap-3 text-sm">
              {(
                [
                  ['Secret key (sk_test_…)', secretKey, setSecretKey],
                  ['Publishable key (pk_test_…)', publishableKey, setPublishableKey],
                  ['Webhook signing secret (whsec_…)', webhookSecret, setWebhookSecret],
                ] as const
              ).map(([label, value, set]) => (
                <label key={label} className="block min-w-0">
                  <span className="font-medium">{label}</span>
                  <input
                    type="password"
                    autoComplete="off"
                    value={value}
                    onChange={(e) => set(e.target.value)}
                    className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3"
                  />
                </label>
              ))}
              <label className="flex min-h-11 items-center gap-2">
                <input type="checkbox" checked={live} onChange={(e) => setLive(e.target.checked)} />
                <span>Take real card payments (live keys)</span>
              </label>
              <KeyFormActions
                saveLabel="Save Stripe keys"
                removeLabel="Remove Stripe keys"
                saving={save.isPending}
                removing={remove.isPending}
                removable={data.keyFrom === 'admin'}
                onRemove={() => remove.mutate()}
              />
              {problem && (
                <p role="alert" className="text-red-800">
                  {problem}
                </p>
              )}
            </form>
          )}
        </div>
      )}
    </section>
  );
}
