// The Products tab's "Products the shop sells": every material of the catalogue with the sizes it can
// be made in, grouped by proportion; the owner ticks the products the shop sells, gives each a price
// in the default price list, and sees how many photos each is offered for (a photo is offered the
// sizes of its own proportion, and the original three). Saved whole in one PUT, checked first with
// the endpoint's own schema; a refusal is said under the price it is about.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { HttpError } from '~/lib/platform/client/api';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { type CatalogueView, catalogueSchema } from '~/lib/shop/catalogue-schemas';
import { productKey, productWords } from '~/lib/site/catalogue';
import { FINISHES } from '~/lib/site/constants';
import { CatalogueMaterialSection } from './CatalogueMaterialSection';
import { bodyOf, type CatalogueFields, emptyPrices, fieldsOf, placeOf } from './catalogue-form';
import { FieldProblem } from './FieldProblem';

const KEY = ['/api/admin/catalogue'];
/** The cards that show the products the shop sells or their prices. */
const FOLLOWERS = [
  ['/api/admin/pricing'],
  ['/api/admin/price-lists'],
  ['/api/admin/lab'],
  ['/api/admin/lab/margins'],
  ['/api/admin/frame-details'],
  ['/api/admin/print-fit'],
];

const products = (n: number) => `${n} product${n === 1 ? '' : 's'}`;

export function CatalogueCard() {
  const client = useQueryClient();
  const { data, isError } = useQuery({
    queryKey: KEY,
    queryFn: () => read<CatalogueView>('/api/admin/catalogue'),
  });
  const [fields, setFields] = useState<CatalogueFields | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  useEffect(() => {
    if (data) setFields(fieldsOf(data));
  }, [data]);

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof bodyOf>) => send<CatalogueView>('PUT', '/api/admin/catalogue', body),
    onSuccess: (saved) => {
      setProblems({});
      client.setQueryData(KEY, saved);
      for (const queryKey of FOLLOWERS) client.invalidateQueries({ queryKey });
      notify('success', 'Products saved', `The shop sells ${products(saved.products.length)}.`);
    },
    onError: (err, body) => {
      const why = reason(err) ?? 'The products could not be saved.';
      const field = err instanceof HttpError ? err.body?.field : undefined;
      setProblems({ [placeOf(field, body.products)]: why });
      notify('error', 'Not saved', why);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!fields || !data) return;
    const empty = emptyPrices(fields);
    if (empty.length > 0) {
      setProblems(
        Object.fromEntries(
          empty.map((p) => [productKey(p.size, p.finish), `Give ${productWords(p)} prints a price.`]),
        ),
      );
      return;
    }
    const body = bodyOf(fields, data);
    const checked = catalogueSchema.safeParse(body);
    if (!checked.success) {
      const first = checked.error.issues[0];
      setProblems({
        [placeOf(first?.path.join('.'), body.products)]: first?.message ?? 'Please check the products.',
      });
      return;
    }
    setProblems({});
    save.mutate(body);
  };
  const change = (key: string, patch: Partial<CatalogueFields[string]>) =>
    setFields((f) => f && { ...f, [key]: { ...(f[key] ?? { on: false, price: '' }), ...patch } });

  return (
    <section aria-labelledby="catalogue-h" className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="catalogue-h" className="text-xl font-semibold">
        Products the shop sells
      </h2>
      <p className="mt-1 max-w-prose text-slate-600">
        Tick each material and size the shop sells, with its price in the default price list. A photo is
        offered the sizes of its own proportion and the original Small, Medium and Large; a size of another
        proportion only where you approve its crop. Turning a product off keeps past orders as they are.
      </p>
      {isError && <p role="alert">The products could not be loaded. Please reload the page.</p>}
      {!fields && !isError && <p aria-busy="true">Loading…</p>}
      {fields && data && (
        <form onSubmit={submit} noValidate aria-labelledby="catalogue-h" className="mt-4 space-y-3">
          {FINISHES.map((material) => (
            <CatalogueMaterialSection
              key={material}
              material={material}
              fields={fields}
              onChange={change}
              view={data}
              problems={problems}
            />
          ))}
          <FieldProblem id="catalogue-form-error" text={problems.form} />
          <div className="pt-2">
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save products'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
