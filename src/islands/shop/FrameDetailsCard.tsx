// The Products tab's frame details: the glazing (glass or acrylic), the hanging fittings and the
// weight of a framed print of each size that has a frame (as the server lists them: the sizes a paper
// print is sold in), entered once for the product safety section of every print page. The form checks with the endpoint's own schema before sending; a
// refusal is said under the field it is about.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { HttpError } from '~/lib/platform/client/api';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import {
  FRAME_GLAZINGS,
  type FrameDetails,
  type FrameGlazing,
  frameDetailsSchema,
  GLAZING_LABELS,
  kgField,
  MAX_HANGING_LENGTH,
} from '~/lib/shop/frame-details';
import { sizeLabel } from '~/lib/shop/product-groups';
import { SIZES_BY_AREA } from '~/lib/site/catalogue';
import type { PrintSize } from '~/lib/site/constants';

const KEY = ['/api/admin/frame-details'];
const input = 'mt-1 block min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3';

interface Fields {
  glazing: FrameGlazing | '';
  hanging: string;
  weights: Partial<Record<PrintSize, string>>;
}

const fieldsOf = (d: FrameDetails): Fields => ({
  glazing: d.glazing ?? '',
  hanging: d.hanging ?? '',
  weights: Object.fromEntries(Object.entries(d.weightsGrams).map(([size, grams]) => [size, kgField(grams)])),
});

function Problem({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <span id={id} role="alert" className="mt-1 block text-sm text-red-800">
      {text}
    </span>
  );
}

export function FrameDetailsCard() {
  const client = useQueryClient();
  const { data, isError } = useQuery({
    queryKey: KEY,
    queryFn: () => read<{ details: FrameDetails }>('/api/admin/frame-details'),
  });
  const [form, setForm] = useState<Fields>({ glazing: '', hanging: '', weights: {} });
  const [problems, setProblems] = useState<Record<string, string>>({});
  useEffect(() => {
    if (data) setForm(fieldsOf(data.details));
  }, [data]);
  const framed = SIZES_BY_AREA.filter((size) => data && size in data.details.weightsGrams);

  const save = useMutation({
    mutationFn: () => send<{ details: FrameDetails }>('PUT', '/api/admin/frame-details', form),
    onSuccess: (saved) => {
      setProblems({});
      client.setQueryData(KEY, saved);
      notify('success', 'Frame details saved', 'Every print page’s product safety section shows them now.');
    },
    onError: (err) => {
      const why = reason(err) ?? 'The frame details could not be saved.';
      setProblems({ [(err instanceof HttpError && err.body?.field) || 'form']: why });
      notify('error', 'Not saved', why);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = frameDetailsSchema.safeParse(form);
    if (!checked.success) {
      const first = checked.error.issues[0];
      setProblems({ [first?.path.join('.') || 'form']: first?.message ?? 'Please check the frame details.' });
      return;
    }
    setProblems({});
    save.mutate();
  };
  const described = (name: string, help?: string) =>
    [help, problems[name] ? `${name}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <section aria-labelledby="frames-h" className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="frames-h" className="text-xl font-semibold">
        Frame details
      </h2>
      <p className="mt-1 max-w-prose text-slate-600">
        What every frame is made with, for the product safety section of each print page. While nothing is
        entered, the pages give general advice and ask buyers to write for the glazing and weight.
      </p>
      {isError && <p role="alert">The frame details could not be loaded. Please reload the page.</p>}
      {!data && !isError && <p aria-busy="true">Loading…</p>}
      {data && (
        <form
          onSubmit={submit}
          noValidate
          aria-labelledby="frames-h"
          className="mt-4 grid gap-5 md:grid-cols-2"
        >
          <fieldset className="min-w-0 text-sm" aria-describedby={described('glazing')}>
            <legend className="font-medium">Glazing</legend>
            {[...FRAME_GLAZINGS, ''].map((g) => (
              <label key={g || 'none'} className="mt-1 flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="frame-glazing"
                  checked={form.glazing === g}
                  onChange={() => setForm((f) => ({ ...f, glazing: g as Fields['glazing'] }))}
                />
                {g ? GLAZING_LABELS[g as FrameGlazing] : 'Not said'}
              </label>
            ))}
            <Problem id="glazing-error" text={problems.glazing} />
          </fieldset>
          <div className="min-w-0 text-sm">
            <label htmlFor="frame-hanging" className="font-medium">
              Hanging fittings <span className="font-normal text-slate-600">(optional)</span>
            </label>
            <input
              id="frame-hanging"
              className={input}
              maxLength={MAX_HANGING_LENGTH}
              aria-invalid={problems.hanging ? true : undefined}
              aria-describedby={described('hanging', 'frame-hanging-help')}
              value={form.hanging}
              onChange={(e) => setForm((f) => ({ ...f, hanging: e.target.value }))}
            />
            <span id="frame-hanging-help" className="mt-1 block text-slate-600">
              For example: D-rings and cord, fitted.
            </span>
            <Problem id="hanging-error" text={problems.hanging} />
          </div>
          <fieldset className="min-w-0 text-sm md:col-span-2">
            <legend className="font-medium">Weight of a framed print (optional)</legend>
            {framed.length === 0 && (
              <p className="mt-1 text-slate-600">No size has a frame yet: set a framing price above first.</p>
            )}
            <div className="mt-1 grid gap-4 sm:grid-cols-3">
              {framed.map((size) => {
                const name = `weights.${size}`;
                return (
                  <div key={size} className="min-w-0">
                    <label htmlFor={`frame-weight-${size}`}>
                      {sizeLabel(size)}
                      <span className="sr-only">, in kilograms</span>
                    </label>
                    <span className="mt-1 flex items-center rounded-md border border-slate-300 bg-white px-3">
                      <input
                        id={`frame-weight-${size}`}
                        type="text"
                        inputMode="decimal"
                        className="min-h-11 w-full min-w-0 bg-transparent px-2 tabular-nums outline-none"
                        aria-invalid={problems[name] ? true : undefined}
                        aria-describedby={described(name)}
                        value={form.weights[size] ?? ''}
                        onChange={(e) =>
                          setForm((f) => ({ ...f, weights: { ...f.weights, [size]: e.target.value } }))
                        }
                      />
                      <span aria-hidden="true">kg</span>
                    </span>
                    <Problem id={`${name}-error`} text={problems[name]} />
                  </div>
                );
              })}
            </div>
          </fieldset>
          <Problem id="form-error" text={problems.form} />
          <div className="md:col-span-2">
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save frame details'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
