// A gallery's settings, for a new gallery or a change: title, client, shoot date, message, access
// (a 4-digit PIN or none, an expiry or none), downloads, watermark, location stripping and prints.
// On a change the PIN field is left empty to keep the PIN; "Remove the PIN" takes it away.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { GalleryDownloads } from '~/lib/galleries/gallery-rules';
import { reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { detailKey, type GalleryJson, galleryPath, LIST_KEY } from './GalleriesApi';

const field = 'mt-1 block min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3';

interface FormState {
  title: string;
  clientName: string;
  clientEmail: string;
  shootDate: string;
  message: string;
  pin: string;
  removePin: boolean;
  expiresOn: string;
  downloads: GalleryDownloads;
  watermark: boolean;
  stripLocation: boolean;
  printsAllowed: boolean;
  expiryReminder: boolean;
}

function initial(g?: GalleryJson): FormState {
  return {
    title: g?.title ?? '',
    clientName: g?.clientName ?? '',
    clientEmail: g?.clientEmail ?? '',
    shootDate: g?.shootDate ?? '',
    message: g?.message ?? '',
    pin: '',
    removePin: false,
    expiresOn: g?.expiresOn ?? '',
    downloads: g?.downloads ?? 'none',
    watermark: g?.watermark ?? true,
    stripLocation: g?.stripLocation ?? true,
    printsAllowed: g?.printsAllowed ?? false,
    expiryReminder: g?.expiryReminder ?? false,
  };
}

function payload(f: FormState, editing: boolean) {
  const { pin, removePin, ...rest } = f;
  // Editing, an empty PIN keeps the current one; new, it means none.
  const pinField = removePin ? { pin: null } : pin ? { pin } : editing ? {} : { pin: null };
  return { ...rest, ...pinField };
}

export function GalleryAdminForm(props: {
  gallery?: GalleryJson;
  onSaved: (g: GalleryJson) => void;
  onCancel?: () => void;
}) {
  const client = useQueryClient();
  const editing = Boolean(props.gallery);
  const [form, setForm] = useState(() => initial(props.gallery));
  const id = useId();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const save = useMutation({
    mutationFn: () =>
      props.gallery
        ? send<GalleryJson>('PUT', galleryPath(props.gallery.id), payload(form, true))
        : send<GalleryJson>('POST', '/api/admin/galleries', payload(form, false)),
    onSuccess: (g) => {
      client.invalidateQueries({ queryKey: LIST_KEY });
      client.invalidateQueries({ queryKey: detailKey(g.id) });
      notify('success', editing ? 'Gallery saved' : 'Gallery created', g.title);
      props.onSaved(g);
    },
    onError: (err) => notify('error', 'Not saved', reason(err) ?? 'The gallery could not be saved.'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const text = (
    key: 'title' | 'clientName' | 'clientEmail' | 'shootDate' | 'expiresOn',
    label: string,
    type = 'text',
    required = false,
  ) => (
    <div className="min-w-0 text-sm">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type={type}
        required={required}
        className={field}
        value={form[key]}
        onChange={(e) => set(key, e.target.value)}
      />
    </div>
  );
  const check = (
    key: 'watermark' | 'stripLocation' | 'printsAllowed' | 'expiryReminder',
    label: string,
    help: string,
  ) => (
    <div className="flex min-w-0 items-start gap-3 text-sm">
      <input
        id={`${id}-${key}`}
        type="checkbox"
        className="mt-1 size-5 shrink-0"
        aria-describedby={`${id}-${key}-help`}
        checked={form[key]}
        onChange={(e) => set(key, e.target.checked)}
      />
      <span>
        <label htmlFor={`${id}-${key}`} className="font-medium">
          {label}
        </label>
        <span id={`${id}-${key}-help`} className="block text-slate-600">
          {help}
        </span>
      </span>
    </div>
  );
  return (
    <form
      onSubmit={submit}
      aria-label={editing ? 'Gallery settings' : 'New gallery'}
      className="mt-4 grid gap-4 sm:grid-cols-2"
    >
      {text('title', 'Title', 'text', true)}
      {text('clientName', 'Client’s name', 'text', true)}
      {text('clientEmail', 'Client’s e-mail (optional)', 'email')}
      {text('shootDate', 'Shoot date (optional)', 'date')}
      <div className="min-w-0 text-sm sm:col-span-2">
        <label htmlFor={`${id}-message`}>Message to the client (optional)</label>
        <textarea
          id={`${id}-message`}
          rows={3}
          maxLength={4000}
          className={`${field} py-2`}
          value={form.message}
          onChange={(e) => set('message', e.target.value)}
        />
      </div>
      <div className="min-w-0 text-sm">
        <label htmlFor={`${id}-pin`}>
          {editing && props.gallery?.hasPin ? 'New PIN (empty keeps the PIN)' : 'PIN (optional)'}
        </label>
        <input
          id={`${id}-pin`}
          inputMode="numeric"
          pattern="\d{4}"
          maxLength={4}
          autoComplete="off"
          aria-describedby={`${id}-pin-help`}
          className={`${field} font-mono tracking-widest`}
          value={form.pin}
          disabled={form.removePin}
          onChange={(e) => set('pin', e.target.value)}
        />
        <span id={`${id}-pin-help`} className="mt-1 block text-slate-600">
          4 digits the client types before seeing the photos; empty for none.
        </span>
        {editing && props.gallery?.hasPin && (
          <label className="mt-2 flex items-center gap-2">
            <input
              type="checkbox"
              className="size-5"
              checked={form.removePin}
              onChange={(e) => set('removePin', e.target.checked)}
            />
            Remove the PIN
          </label>
        )}
      </div>
      {text('expiresOn', 'Last day open (optional)', 'date')}
      <div className="min-w-0 text-sm">
        <label htmlFor={`${id}-downloads`}>Downloads</label>
        <select
          id={`${id}-downloads`}
          className={field}
          value={form.downloads}
          onChange={(e) => set('downloads', e.target.value as GalleryDownloads)}
        >
          <option value="none">None: proofing only</option>
          <option value="web">Web size (2048 px)</option>
          <option value="original">Originals</option>
        </select>
      </div>
      <div className="grid gap-3 sm:col-span-2">
        {check('watermark', 'Watermark while viewing', 'The photos the client views carry your mark.')}
        {check(
          'stripLocation',
          'Remove GPS and camera serial numbers',
          'From delivered photos, so a launch site or a client’s home is not given away.',
        )}
        {check(
          'printsAllowed',
          'Prints may be ordered',
          'The client can order prints of these photos through the shop.',
        )}
        {check(
          'expiryReminder',
          'Remind the recipients before it closes',
          'Each recipient with an e-mail address is mailed 7 days before the last day.',
        )}
      </div>
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : editing ? 'Save gallery' : 'Create gallery'}
        </button>
        {props.onCancel && (
          <button type="button" className="btn btn-secondary" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
