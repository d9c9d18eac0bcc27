// The Products tab's print lab card: which lab the site works with and in which mode (as the server
// says it), who makes each of the shop's prints (as the server lists them: each product it sells,
// unframed, and framed where the material takes a frame; by material) and, for a print the lab
// makes, the lab's product code, how the photo meets its print area and any attributes; whether lab
// orders wait for the owner's approval, and the lab's delivery speed. Saved whole in one PUT,
// checked first with the endpoint's own schema; the server checks each new product code with the
// lab, and a refusal is said under the field it is about. A table on a wide screen, a list on a phone.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { LabKeyForm } from '~/islands/shop/LabKeyForm';
import { LabMarginsTable } from '~/islands/shop/LabMarginsTable';
import {
  LAB_MODE_WORDS,
  LAB_SHIPPING_METHODS,
  type LabCard,
  type LabCardPrint,
  labCardSchema,
  OFFERED_SIZINGS,
  printKey,
  printKindWords,
  printWords,
  SHIPPING_METHOD_WORDS,
  SIZING_WORDS,
} from '~/lib/lab/lab-admin-schemas';
import { HttpError } from '~/lib/platform/client/api';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { groupByMaterial, sizeLabel } from '~/lib/shop/product-groups';
import { FieldProblem } from './FieldProblem';

const KEY = ['/api/admin/lab'];
const control = 'mt-1 block min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3';

type Form = Omit<LabCard, 'mode'>;

/** The field a problem is said under: a print's code or attributes, the speeds, or the whole form. */
const placeOf = (path: string | undefined) =>
  path && /^(prints\.\d+\.(sku|attributes)|offeredMethods)$/.test(path) ? path : 'form';

/** The speeds offered once `method` is ticked or unticked, cheapest first. */
const offering = (form: Form, method: Form['shippingMethod'], on: boolean): Form['offeredMethods'] =>
  LAB_SHIPPING_METHODS.filter((m) => (m === method ? on : form.offeredMethods.includes(m)));

export function PrintLabCard() {
  const client = useQueryClient();
  const { data, isError } = useQuery({ queryKey: KEY, queryFn: () => read<LabCard>('/api/admin/lab') });
  const [form, setForm] = useState<Form | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  useEffect(() => {
    if (data)
      setForm({
        prints: data.prints,
        holdForApproval: data.holdForApproval,
        shippingMethod: data.shippingMethod,
        offeredMethods: data.offeredMethods,
      });
  }, [data]);

  const save = useMutation({
    mutationFn: (body: Form) => send<LabCard>('PUT', '/api/admin/lab', body),
    onSuccess: (saved) => {
      setProblems({});
      client.setQueryData(KEY, saved);
      client.invalidateQueries({ queryKey: ['/api/admin/lab/margins'] });
      // Saving asks the lab for its costs again, which may price the lab's prints of a price list.
      client.invalidateQueries({ queryKey: ['/api/admin/price-lists'] });
      const count = saved.prints.filter((p) => p.madeBy === 'lab').length;
      notify(
        'success',
        'Print lab saved',
        count
          ? `The lab makes ${count} of the ${saved.prints.length} prints.`
          : 'You make every print yourself.',
      );
    },
    onError: (err) => {
      const why = reason(err) ?? 'The print lab settings could not be saved.';
      setProblems({ [placeOf(err instanceof HttpError ? err.body?.field : undefined)]: why });
      notify('error', 'Not saved', why);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form) return;
    const checked = labCardSchema.safeParse(form);
    if (!checked.success) {
      const first = checked.error.issues[0];
      setProblems({
        [placeOf(first?.path.join('.'))]: first?.message ?? 'Please check the print lab settings.',
      });
      return;
    }
    setProblems({});
    save.mutate(form);
  };
  const change = (index: number, patch: Partial<LabCardPrint>) =>
    setForm((f) => f && { ...f, prints: f.prints.map((p, i) => (i === index ? { ...p, ...patch } : p)) });
  const described = (name: string, help?: string) =>
    [help, problems[name] ? `${name}-error` : ''].filter(Boolean).join(' ') || undefined;

  const mode = data?.mode;
  return (
    <section aria-labelledby="lab-card-h" className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="lab-card-h" className="text-xl font-semibold">
        Print lab
      </h2>
      <p className="mt-1 max-w-prose text-slate-600">
        Choose who makes each print. A print made by the lab goes to the lab once it is paid for, and the lab
        sends it to the buyer; the lab checks every new product code when you save.
      </p>
      {isError && <p role="alert">The print lab settings could not be loaded. Please reload the page.</p>}
      {!form && !isError && <p aria-busy="true">Loading…</p>}
      {mode && (
        <p
          className={`mt-3 rounded-md px-3 py-2 text-sm ${mode === 'off' ? 'bg-amber-50 text-amber-950' : 'bg-slate-50 text-slate-800'}`}
        >
          {LAB_MODE_WORDS[mode]}.
        </p>
      )}
      <LabKeyForm />
      {form && (
        <form onSubmit={submit} noValidate aria-labelledby="lab-card-h" className="mt-4 space-y-6">
          <table className="block w-full text-left text-sm lg:table">
            <caption className="sr-only">Who makes each print, and the lab’s product for it</caption>
            <thead className="hidden lg:table-header-group">
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Print
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Made by
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Lab product code (SKU)
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Photo on the print area
                </th>
                <th scope="col" className="py-2 font-medium">
                  Attributes <span className="font-normal text-slate-600">(optional)</span>
                </th>
              </tr>
            </thead>
            {groupByMaterial(form.prints.map((p, i) => ({ ...p, i }))).map((group) => (
              <tbody key={group.finish} className="block lg:table-row-group">
                <tr className="block border-b border-slate-200 lg:table-row">
                  <th scope="colgroup" colSpan={5} className="block pt-4 pb-1 font-semibold lg:table-cell">
                    {group.label}
                  </th>
                </tr>
                {group.items.map(({ i, ...p }) => {
                  const id = `lab-${printKey(p)}`;
                  const words = printWords(p);
                  const lab = p.madeBy === 'lab';
                  const field = (name: string) => `prints.${i}.${name}`;
                  const labOnly = lab ? 'col-span-2 block lg:table-cell' : 'hidden lg:table-cell';
                  return (
                    <tr
                      key={printKey(p)}
                      className="grid grid-cols-[minmax(0,1fr)_8.5rem] items-end gap-x-3 border-b border-slate-100 py-3 lg:table-row lg:py-0"
                    >
                      <th scope="row" className="block self-center font-medium lg:table-cell lg:py-2 lg:pr-3">
                        {sizeLabel(p.size)}
                        <span className="block font-normal">{printKindWords(p)}</span>
                      </th>
                      <td className="block lg:table-cell lg:py-2 lg:pr-3">
                        <label htmlFor={`${id}-by`} className="text-xs text-slate-600 lg:sr-only">
                          Made by
                        </label>
                        <select
                          id={`${id}-by`}
                          aria-label={`Made by, ${words}`}
                          className={`${control} lg:mt-0 lg:w-32`}
                          value={p.madeBy}
                          onChange={(e) => change(i, { madeBy: e.target.value as LabCardPrint['madeBy'] })}
                        >
                          <option value="me">Me</option>
                          <option value="lab">The lab</option>
                        </select>
                      </td>
                      <td className={`${labOnly} pt-2 lg:py-2 lg:pr-3`}>
                        {lab && (
                          <>
                            <label htmlFor={`${id}-sku`} className="lg:sr-only">
                              Lab product code (SKU)
                            </label>
                            <input
                              id={`${id}-sku`}
                              aria-label={`Lab product code (SKU), ${words}`}
                              className={`${control} font-mono lg:mt-0`}
                              autoCapitalize="characters"
                              autoComplete="off"
                              spellCheck={false}
                              placeholder="GLOBAL-FAP-16X24"
                              aria-invalid={problems[field('sku')] ? true : undefined}
                              aria-describedby={described(field('sku'))}
                              value={p.sku}
                              onChange={(e) => change(i, { sku: e.target.value })}
                            />
                            <FieldProblem id={`${field('sku')}-error`} text={problems[field('sku')]} />
                          </>
                        )}
                      </td>
                      <td className={`${labOnly} pt-2 lg:py-2 lg:pr-3`}>
                        {lab && (
                          <>
                            <label htmlFor={`${id}-sizing`} className="lg:sr-only">
                              Photo on the print area
                            </label>
                            <select
                              id={`${id}-sizing`}
                              aria-label={`Photo on the print area, ${words}`}
                              className={`${control} lg:mt-0`}
                              value={p.sizing}
                              onChange={(e) =>
                                change(i, { sizing: e.target.value as LabCardPrint['sizing'] })
                              }
                            >
                              {[
                                ...OFFERED_SIZINGS,
                                ...(OFFERED_SIZINGS.includes(p.sizing) ? [] : [p.sizing]),
                              ].map((s) => (
                                <option key={s} value={s}>
                                  {SIZING_WORDS[s]}
                                </option>
                              ))}
                            </select>
                          </>
                        )}
                      </td>
                      <td className={`${labOnly} pt-2 lg:py-2`}>
                        {lab && (
                          <>
                            <label htmlFor={`${id}-attributes`} className="lg:sr-only">
                              Attributes
                              <span className="font-normal text-slate-600 lg:sr-only"> (optional)</span>
                            </label>
                            <input
                              id={`${id}-attributes`}
                              aria-label={`Attributes, ${words}`}
                              className={`${control} font-mono lg:mt-0`}
                              autoComplete="off"
                              spellCheck={false}
                              aria-invalid={problems[field('attributes')] ? true : undefined}
                              aria-describedby={described(field('attributes'))}
                              value={p.attributes}
                              onChange={(e) => change(i, { attributes: e.target.value })}
                            />
                            <FieldProblem
                              id={`${field('attributes')}-error`}
                              text={problems[field('attributes')]}
                            />
                          </>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            ))}
          </table>
          <p className="max-w-prose text-sm text-slate-600">
            “Crop to fill” trims the photo’s edges to fill the print; “Whole photo, white margin” keeps all of
            it with white along two sides. Attributes are written name=value: a Prodigi canvas needs its wrap,
            such as wrap=ImageWrap.
          </p>
          <div className="grid gap-5 md:grid-cols-2">
            <div className="min-w-0 text-sm">
              <label className="flex min-h-11 items-center gap-2 font-medium">
                <input
                  type="checkbox"
                  aria-describedby="lab-hold-help"
                  checked={form.holdForApproval}
                  onChange={(e) => setForm((f) => f && { ...f, holdForApproval: e.target.checked })}
                />
                Hold lab orders for my approval
              </label>
              <span id="lab-hold-help" className="block text-slate-600">
                A paid order waits in the Orders tab until you send it to the lab.
              </span>
            </div>
            <div className="min-w-0 text-sm">
              <label htmlFor="lab-speed" className="font-medium">
                The lab’s delivery speed offered first
              </label>
              <select
                id="lab-speed"
                className={control}
                aria-describedby="lab-speed-help"
                value={form.shippingMethod}
                onChange={(e) => {
                  const first = e.target.value as Form['shippingMethod'];
                  setForm(
                    (f) => f && { ...f, shippingMethod: first, offeredMethods: offering(f, first, true) },
                  );
                }}
              >
                {LAB_SHIPPING_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {SHIPPING_METHOD_WORDS[m]}
                  </option>
                ))}
              </select>
              <span id="lab-speed-help" className="mt-1 block text-slate-600">
                How the lab sends the prints it makes, unless the buyer picks another speed below.
              </span>
            </div>
            <fieldset className="min-w-0 text-sm md:col-span-2" aria-describedby="lab-speeds-help">
              <legend className="font-medium">Delivery speeds buyers can choose</legend>
              <div className="mt-1 flex flex-wrap gap-x-5">
                {LAB_SHIPPING_METHODS.map((m) => (
                  <label key={m} className="flex min-h-11 items-center gap-2">
                    <input
                      type="checkbox"
                      checked={form.offeredMethods.includes(m)}
                      disabled={m === form.shippingMethod}
                      onChange={(e) =>
                        setForm((f) => f && { ...f, offeredMethods: offering(f, m, e.target.checked) })
                      }
                    />
                    {SHIPPING_METHOD_WORDS[m]}
                  </label>
                ))}
              </div>
              <span id="lab-speeds-help" className="block text-slate-600">
                At the checkout the buyer sees the lab’s price for each speed you tick, and pays for the one
                they choose. Speeds the lab does not offer to their country are left out.
              </span>
              <FieldProblem id="offeredMethods-error" text={problems.offeredMethods} />
            </fieldset>
          </div>
          <FieldProblem id="form-error" text={problems.form} />
          <div>
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {save.isPending ? 'Checking with the lab…' : 'Save print lab'}
            </button>
          </div>
        </form>
      )}
      <LabMarginsTable />
    </section>
  );
}
