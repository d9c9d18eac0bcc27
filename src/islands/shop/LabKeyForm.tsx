// The print lab card's key: where the lab's key comes from (the server's environment, saved here,
// or none), and a form to save a Prodigi key for its sandbox or its live API, checked with the lab
// before it is kept (encrypted on the server). The key is never shown again once saved.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { LAB_ENVIRONMENTS, type LabKeyState, labKeySchema } from '~/lib/lab/lab-key-schemas';
import { KeyFormActions } from '~/lib/platform/client/key-form-actions';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';

const KEY = ['/api/admin/lab/key'];
const ENVIRONMENT_WORDS = { sandbox: 'Sandbox (checked, never printed)', live: 'Live (printed and charged)' };

function stateWords(state: LabKeyState): string {
  if (state.keyFrom === 'environment')
    return `The key is set in the server’s environment (${state.environment}); change it there.`;
  if (state.keyFrom === 'admin')
    return `A key is saved for Prodigi’s ${state.environment === 'live' ? 'live API' : 'sandbox'}.`;
  return 'No Prodigi key is saved.';
}

export function LabKeyForm() {
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: KEY, queryFn: () => read<LabKeyState>('/api/admin/lab/key') });
  const [apiKey, setApiKey] = useState('');
  const [environment, setEnvironment] = useState<(typeof LAB_ENVIRONMENTS)[number]>('sandbox');
  const [problem, setProblem] = useState<string | null>(null);
  const done = (state: LabKeyState, title: string) => {
    setProblem(null);
    setApiKey('');
    client.setQueryData(KEY, state);
    // The lab's mode and its products' figures follow the key.
    client.invalidateQueries({ queryKey: ['/api/admin/lab'] });
    client.invalidateQueries({ queryKey: ['/api/admin/lab/margins'] });
    notify('success', title, stateWords(state));
  };
  const save = useMutation({
    mutationFn: () => send<LabKeyState>('PUT', '/api/admin/lab/key', { apiKey, environment }),
    onSuccess: (state) => done(state, 'Lab key saved'),
    onError: (err) => setProblem(reason(err) ?? 'The key could not be saved.'),
  });
  const remove = useMutation({
    mutationFn: () => send<LabKeyState>('DELETE', '/api/admin/lab/key'),
    onSuccess: (state) => done(state, 'Lab key removed'),
    onError: (err) => setProblem(reason(err) ?? 'The key could not be removed.'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = labKeySchema.safeParse({ apiKey, environment });
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? 'Please check the key.');
    save.mutate();
  };
  if (!data) return null;
  return (
    <div className="mt-4 rounded-md border border-slate-200 p-4 text-sm">
      <h3 className="font-semibold">Prodigi key</h3>
      <p className="mt-1 text-slate-700">{stateWords(data)}</p>
      {data.keyFrom !== 'environment' && (
        <form
          onSubmit={submit}
          noValidate
          className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end"
        >
          <label className="block min-w-0">
            <span className="font-medium">API key</span>
            <input
              type="password"
              autoComplete="off"
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'lab-key-error' : undefined}
              className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3"
            />
          </label>
          <label className="block">
            <span className="font-medium">For</span>
            <select
              value={environment}
              onChange={(e) => setEnvironment(e.target.value as typeof environment)}
              className="mt-1 block min-h-11 rounded-md border border-slate-300 bg-white px-3"
            >
              {LAB_ENVIRONMENTS.map((env) => (
                <option key={env} value={env}>
                  {ENVIRONMENT_WORDS[env]}
                </option>
              ))}
            </select>
          </label>
          <KeyFormActions
            saveLabel="Save key"
            removeLabel="Remove key"
            saving={save.isPending}
            removing={remove.isPending}
            removable={data.keyFrom === 'admin'}
            onRemove={() => remove.mutate()}
          />
          {problem && (
            <p id="lab-key-error" role="alert" className="text-red-800 sm:col-span-3">
              {problem}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
