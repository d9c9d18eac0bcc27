// The gallery's links, one per recipient: a form to add one; the new link's address, shown this
// once (only its hash is kept), to copy or mail; and each link with its state, the day it stops
// working, last visit, views, downloads and favourites, to revoke or restore, to mail again (as a
// new address: the old one cannot be read back), and its recipient's selection.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { detailKey, LIST_KEY, type LinkJson, linkPath, showDay, showMoment } from './GalleriesApi';

const field = 'mt-1 block min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3';

interface Made {
  link: LinkJson;
  url: string;
}

function NewLink(props: { galleryId: string; onMade: (m: Made) => void }) {
  const client = useQueryClient();
  const id = useId();
  const empty = { recipientName: '', recipientEmail: '', expiresOn: '', mail: false };
  const [form, setForm] = useState(empty);
  const make = useMutation({
    mutationFn: () =>
      send<Made>('POST', `/api/admin/galleries/${encodeURIComponent(props.galleryId)}/links`, form),
    onSuccess: (m) => {
      client.invalidateQueries({ queryKey: detailKey(props.galleryId) });
      client.invalidateQueries({ queryKey: LIST_KEY });
      setForm(empty);
      props.onMade(m);
    },
    onError: (err) => notify('error', 'No link made', reason(err) ?? 'The link could not be made.'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    make.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="New link" className="mt-3 grid gap-3 sm:grid-cols-3">
      <div className="min-w-0 text-sm">
        <label htmlFor={`${id}-name`}>Recipient’s name</label>
        <input
          id={`${id}-name`}
          required
          maxLength={120}
          className={field}
          value={form.recipientName}
          onChange={(e) => setForm({ ...form, recipientName: e.target.value })}
        />
      </div>
      <div className="min-w-0 text-sm">
        <label htmlFor={`${id}-email`}>E-mail (optional)</label>
        <input
          id={`${id}-email`}
          type="email"
          className={field}
          value={form.recipientEmail}
          onChange={(e) => setForm({ ...form, recipientEmail: e.target.value })}
        />
      </div>
      <div className="min-w-0 text-sm">
        <label htmlFor={`${id}-expires`}>Last day (optional)</label>
        <input
          id={`${id}-expires`}
          type="date"
          className={field}
          value={form.expiresOn}
          onChange={(e) => setForm({ ...form, expiresOn: e.target.value })}
        />
      </div>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input
          type="checkbox"
          className="size-5"
          checked={form.mail}
          disabled={!form.recipientEmail}
          onChange={(e) => setForm({ ...form, mail: e.target.checked })}
        />
        Mail the link to the recipient now
      </label>
      <div>
        <button type="submit" className="btn btn-primary" disabled={make.isPending}>
          {make.isPending ? 'Making…' : 'Make link'}
        </button>
      </div>
    </form>
  );
}

/** The address of a link just made: this is the only time it can be seen. */
function ShownOnce(props: { galleryId: string; made: Made; onClose: () => void }) {
  const { link, url } = props.made;
  const mail = useMutation({
    mutationFn: () =>
      send('POST', `${linkPath(props.galleryId, link.id)}/mail`, { token: url.split('/g/')[1] }),
    onSuccess: () => notify('success', 'Link mailed', `To ${link.recipientEmail}.`),
    onError: (err) => notify('error', 'Not mailed', reason(err) ?? 'The link could not be mailed.'),
  });
  const copy = async () => {
    await navigator.clipboard.writeText(url);
    notify('success', 'Link copied', link.recipientName);
  };
  return (
    <section
      aria-label={`New link for ${link.recipientName}`}
      className="mt-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4"
    >
      <p className="text-sm">
        The link for <strong>{link.recipientName}</strong>. Copy it now: it is shown only this once.
      </p>
      <label className="mt-2 block text-sm">
        Link
        <input
          readOnly
          value={url}
          className={`${field} font-mono text-xs`}
          onFocus={(e) => e.target.select()}
        />
      </label>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className="btn btn-primary" onClick={copy}>
          Copy link
        </button>
        {link.recipientEmail && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={mail.isPending}
            onClick={() => mail.mutate()}
          >
            Mail the link
          </button>
        )}
        <button type="button" className="btn btn-secondary" onClick={props.onClose}>
          Done
        </button>
      </div>
    </section>
  );
}

interface Selection {
  files: { fileName: string; note: string | null }[];
  lightroom: string;
}

function SelectionOf(props: { galleryId: string; link: LinkJson }) {
  const path = `${linkPath(props.galleryId, props.link.id)}/selection`;
  const q = useQuery({ queryKey: [path], queryFn: () => read<Selection>(path) });
  if (!q.data) return <p aria-busy="true">Loading…</p>;
  const { files, lightroom } = q.data;
  const copy = async () => {
    await navigator.clipboard.writeText(lightroom);
    notify('success', 'Copied for Lightroom', `${files.length} file names.`);
  };
  if (!files.length) return <p className="mt-2 text-sm text-slate-600">Nothing chosen yet.</p>;
  return (
    <div className="mt-2 text-sm">
      <ul className="list-disc pl-5">
        {files.map((f) => (
          // Long notes and file names wrap at the box's edge, between words where there are any.
          <li key={f.fileName} className="wrap-anywhere">
            {f.fileName}
            {f.note && <span className="text-slate-600"> — {f.note}</span>}
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap gap-3">
        <button type="button" className="btn btn-secondary" onClick={copy}>
          Copy file names for Lightroom
        </button>
        <a className="btn btn-secondary" href={`${path}?format=csv`} download>
          Download CSV
        </a>
      </div>
    </div>
  );
}

function LinkCard(props: { galleryId: string; link: LinkJson; onMade: (m: Made) => void }) {
  const { link } = props;
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const again = useMutation({
    mutationFn: () => send<Made>('POST', `${linkPath(props.galleryId, link.id)}/mail-again`),
    onSuccess: (m) => {
      client.invalidateQueries({ queryKey: detailKey(props.galleryId) });
      notify('success', 'New link mailed', `To ${link.recipientEmail}. The old link no longer works.`);
      props.onMade(m);
    },
    onError: (err) => notify('error', 'Not mailed', reason(err) ?? 'The link could not be mailed.'),
  });
  const confirmAgain = () => {
    // Only the token's hash is kept, so the address cannot be mailed as it was: say so first.
    if (
      window.confirm(
        `Email ${link.recipientName} a new link?\n\nThe address of a link is kept only in a form that cannot be read back, so a new one is made and mailed to ${link.recipientEmail}. The link ${link.recipientName} has now stops working at once; their hearts and notes are kept.`,
      )
    )
      again.mutate();
  };
  const toggle = useMutation({
    mutationFn: () =>
      send<LinkJson>('PUT', linkPath(props.galleryId, link.id), { revoked: link.state !== 'revoked' }),
    onSuccess: (l) => {
      client.invalidateQueries({ queryKey: detailKey(props.galleryId) });
      notify('success', l.state === 'revoked' ? 'Link revoked' : 'Link restored', l.recipientName);
    },
    onError: (err) => notify('error', 'Not changed', reason(err) ?? 'The link could not be changed.'),
  });
  return (
    <li className="min-w-0 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h5 className="font-semibold wrap-anywhere">{link.recipientName}</h5>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm text-slate-800">{link.state}</span>
      </div>
      {link.recipientEmail && <p className="text-sm break-all text-slate-600">{link.recipientEmail}</p>}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 text-sm">
        <dt>Last day</dt>
        <dd>
          {link.lastDay ? showDay(link.lastDay) : 'none'}
          {link.lastDay && link.lastDay !== link.expiresOn && (
            <span className="text-slate-600"> (the gallery’s)</span>
          )}
        </dd>
        <dt>Last visit</dt>
        <dd>{link.lastVisitAt ? showMoment(link.lastVisitAt) : 'not yet'}</dd>
        <dt>Views</dt>
        <dd className="tabular-nums">{link.views}</dd>
        <dt>Downloads</dt>
        <dd className="tabular-nums">{link.downloads}</dd>
        <dt>Favourites</dt>
        <dd className="tabular-nums">{link.favourites}</dd>
        {link.selectionSentAt && (
          <>
            <dt>Selection sent</dt>
            <dd>{showMoment(link.selectionSentAt)}</dd>
          </>
        )}
      </dl>
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate()}
        >
          {link.state === 'revoked' ? 'Restore' : 'Revoke'}
          <span className="sr-only"> the link of {link.recipientName}</span>
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          Selection<span className="sr-only"> of {link.recipientName}</span>
        </button>
        {link.recipientEmail && link.state === 'open' && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={again.isPending}
            onClick={confirmAgain}
          >
            Email link again<span className="sr-only"> to {link.recipientName}</span>
          </button>
        )}
      </div>
      {link.recipientEmail && link.state === 'open' && (
        <p className="mt-2 text-xs text-slate-600">
          Emailing the link again makes a new one: the link {link.recipientName} has now stops working.
        </p>
      )}
      {open && <SelectionOf galleryId={props.galleryId} link={link} />}
    </li>
  );
}

export function GalleryAdminLinks(props: { galleryId: string; links: LinkJson[] }) {
  const [made, setMade] = useState<Made | null>(null);
  return (
    <div>
      <NewLink galleryId={props.galleryId} onMade={setMade} />
      {made && <ShownOnce galleryId={props.galleryId} made={made} onClose={() => setMade(null)} />}
      {props.links.length ? (
        <ul aria-label="Links" className="mt-4 grid gap-4 md:grid-cols-2">
          {props.links.map((l) => (
            <LinkCard key={l.id} galleryId={props.galleryId} link={l} onMade={setMade} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-slate-600">No links yet.</p>
      )}
    </div>
  );
}
