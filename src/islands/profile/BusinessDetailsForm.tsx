// 'Business details' in the Profile tab: who the trader behind the shop is, as the law asks a shop to
// say: the legal and trading names, the postal address, the VAT and company numbers, an e-mail and a
// phone. Checked with the endpoint's own schema (a VAT number against its country's format). The
// print pages' product safety section, the terms and the privacy page show what is saved here, and
// the mails are sent and signed with the trading name; until the owner saves them, they show none.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { HttpError } from '~/lib/platform/client/api';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { COUNTRIES } from '~/lib/selling/countries';
import { type BusinessDetails, type BusinessDetailsInput, businessDetailsSchema } from '~/lib/site/business';

const BUSINESS = '/api/admin/business';
const field = 'mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base';

type FieldName = Exclude<keyof BusinessDetailsInput, 'country'>;
interface FieldSpec {
  name: FieldName;
  label: string;
  autoComplete?: string;
  type?: 'email' | 'tel';
  hint?: string;
  optional?: boolean;
  /** Spans both columns on a wide screen. */
  wide?: boolean;
}

const NAMES: FieldSpec[] = [
  {
    name: 'legalName',
    label: 'Legal name',
    autoComplete: 'organization',
    hint: 'Your own name as a sole trader, or the company’s registered name.',
  },
  {
    name: 'tradingName',
    label: 'Trading name',
    optional: true,
    hint: 'The name customers know the shop by; mails are sent and signed with it.',
  },
];
const ADDRESS: FieldSpec[] = [
  { name: 'addressLine1', label: 'Address line 1', autoComplete: 'address-line1', wide: true },
  {
    name: 'addressLine2',
    label: 'Address line 2',
    autoComplete: 'address-line2',
    optional: true,
    wide: true,
  },
  { name: 'town', label: 'Town', autoComplete: 'address-level2' },
  { name: 'region', label: 'County or region', autoComplete: 'address-level1', optional: true },
  { name: 'postcode', label: 'Postcode or Eircode', autoComplete: 'postal-code', optional: true },
];
const NUMBERS: FieldSpec[] = [
  {
    name: 'vatNumber',
    label: 'VAT number',
    optional: true,
    hint: 'With its country prefix, as IE1234567T; leave it empty if the business is not registered for VAT.',
  },
  {
    name: 'companyNumber',
    label: 'Company number',
    optional: true,
    hint: 'As the companies register gives it.',
  },
  { name: 'email', label: 'Contact e-mail', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', optional: true },
];

const EMPTY: BusinessDetailsInput = {
  legalName: '',
  tradingName: '',
  addressLine1: '',
  addressLine2: '',
  town: '',
  region: '',
  postcode: '',
  country: 'IE',
  vatNumber: '',
  companyNumber: '',
  email: '',
  phone: '',
};

/** The saved details as the form's values: nothing saved is an empty field. */
const toForm = (d: BusinessDetails | null): BusinessDetailsInput =>
  d ? (Object.fromEntries(Object.entries(d).map(([k, v]) => [k, v ?? ''])) as BusinessDetailsInput) : EMPTY;

export function BusinessDetailsForm() {
  const client = useQueryClient();
  const { data, isError } = useQuery({
    queryKey: [BUSINESS],
    queryFn: () => read<{ details: BusinessDetails | null }>(BUSINESS),
  });
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<BusinessDetailsInput, unknown, BusinessDetails>({
    resolver: zodResolver(businessDetailsSchema),
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (data) reset(toForm(data.details));
  }, [data, reset]);

  const save = useMutation({
    mutationFn: (body: BusinessDetails) => send<{ details: BusinessDetails }>('PUT', BUSINESS, body),
    onSuccess: (saved) => {
      setFailure('');
      client.setQueryData([BUSINESS], saved);
      notify('success', 'Business details saved', 'The print pages, terms and privacy page show them now.');
    },
    onError: (err) => {
      const why = reason(err) ?? 'Please try again.';
      setFailure(why);
      // The server names the field it refused: its sentence goes under that field too.
      const field = err instanceof HttpError ? err.body?.field : undefined;
      if (typeof field === 'string' && field in EMPTY)
        setError(field as keyof BusinessDetailsInput, { message: why }, { shouldFocus: true });
      notify('error', 'The business details were not saved', why);
    },
  });

  const input = ({ name, label, autoComplete, type, hint, optional, wide }: FieldSpec) => {
    const error = errors[name]?.message;
    const id = `business-${name}`;
    const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
    return (
      <div key={name} className={wide ? 'sm:col-span-2' : undefined}>
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
          {optional && <span className="font-normal text-slate-600"> (optional)</span>}
        </label>
        <input
          id={id}
          type={type ?? 'text'}
          autoComplete={autoComplete ?? 'off'}
          className={field}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy || undefined}
          {...register(name)}
        />
        {hint && (
          <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };
  const countryError = errors.country?.message;

  return (
    <section aria-labelledby="business-h">
      <h2 id="business-h" className="text-xl font-semibold">
        Business details
      </h2>
      <p className="mt-1 max-w-prose text-slate-600">
        The trader behind the shop, as the terms, the privacy page and each print’s product safety section
        name it.
      </p>
      {isError && <p role="alert">The business details could not be loaded. Please reload the page.</p>}
      {!data && !isError && <p aria-busy="true">Loading…</p>}
      {data && data.details === null && (
        <p className="mt-4 max-w-prose rounded-md border border-amber-300 bg-amber-50 p-4 text-slate-900">
          No business details are saved yet. Until you save them, the site names no trader: the print pages,
          the terms and the privacy page show no name, address or numbers, and mails are signed with the
          site’s name.
        </p>
      )}
      {data && (
        <form
          onSubmit={handleSubmit((values) => save.mutate(values))}
          noValidate
          aria-labelledby="business-h"
          className="mt-4 max-w-2xl space-y-6 rounded-lg border border-slate-200 bg-white p-5 sm:p-6"
        >
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-base font-semibold">Name</legend>
            {NAMES.map(input)}
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-base font-semibold">Postal address</legend>
            {ADDRESS.map(input)}
            <div>
              <label htmlFor="business-country" className="block text-sm font-medium">
                Country
              </label>
              <select
                id="business-country"
                autoComplete="country"
                className={field}
                aria-invalid={Boolean(countryError)}
                aria-describedby={countryError ? 'business-country-error' : undefined}
                {...register('country')}
              >
                {COUNTRIES.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
              {countryError && (
                <p id="business-country-error" className="mt-1 text-sm text-red-700">
                  {countryError}
                </p>
              )}
            </div>
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-base font-semibold">Numbers and contact</legend>
            {NUMBERS.map(input)}
          </fieldset>
          {failure && (
            <p role="alert" className="text-sm text-red-700">
              {failure}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save business details'}
          </button>
        </form>
      )}
    </section>
  );
}
