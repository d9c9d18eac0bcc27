// The Galleries tab: the owner's client galleries, newest first, and a form for a new one. Opening a
// gallery shows its settings, its uploader, its files with their states, and its links with each
// recipient's selection. While files are being processed, the gallery is read again every 2 s.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { countOf } from '~/lib/platform/shared/format';
import {
  detailKey,
  type GalleryDetail,
  type GalleryJson,
  galleryPath,
  LIST_KEY,
  showDay,
  showMoment,
} from './GalleriesApi';
import { GalleryAdminFiles } from './GalleryAdminFiles';
import { GalleryAdminForm } from './GalleryAdminForm';
import { GalleryAdminLinks } from './GalleryAdminLinks';
import { GalleryAdminUploads } from './GalleryAdminUploads';

interface ListJson {
  galleries: GalleryJson[];
  maxFileBytes: number;
}

const card = 'rounded-lg border border-slate-200 bg-white p-4 sm:p-6';
const DOWNLOAD_WORDS = {
  none: 'proofing only',
  web: 'web-size downloads',
  original: 'original downloads',
} as const;

function summary(g: GalleryJson): string {
  return [
    g.clientName,
    g.hasPin ? 'PIN' : 'no PIN',
    DOWNLOAD_WORDS[g.downloads],
    g.expiresOn ? `${g.expired ? 'expired' : 'open until'} ${showDay(g.expiresOn)}` : null,
    g.releasedAt ? `released ${showMoment(g.releasedAt)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

function GalleryView(props: { id: string; maxFileBytes: number; onClose: () => void }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const q = useQuery({
    queryKey: detailKey(props.id),
    queryFn: () => read<GalleryDetail>(galleryPath(props.id)),
    refetchInterval: (query) =>
      query.state.data?.files.some((f) => f.status === 'processing') ? 2000 : false,
  });
  const refresh = useCallback(() => {
    client.invalidateQueries({ queryKey: detailKey(props.id) });
    client.invalidateQueries({ queryKey: LIST_KEY });
  }, [client, props.id]);
  const remove = useMutation({
    mutationFn: () => send('DELETE', galleryPath(props.id)),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: LIST_KEY });
      notify('success', 'Gallery deleted', q.data?.gallery.title ?? '');
      props.onClose();
    },
    onError: (err) => notify('error', 'Not deleted', reason(err) ?? 'The gallery could not be deleted.'),
  });
  const release = useMutation({
    mutationFn: () => send<GalleryJson>('PUT', galleryPath(props.id), { released: true }),
    onSuccess: (g) => {
      refresh();
      notify('success', 'Gallery released', g.title);
    },
    onError: (err) => notify('error', 'Not released', reason(err) ?? 'The gallery could not be released.'),
  });
  if (!q.data) return <p aria-busy="true">Loading…</p>;
  const { gallery, files, links } = q.data;
  const confirmDelete = () => {
    if (
      window.confirm(
        `Delete “${gallery.title}” with its ${countOf(files.length, 'file')} and ${countOf(links.length, 'link')}?`,
      )
    )
      remove.mutate();
  };
  const mailed = links.filter((l) => l.recipientEmail && l.state === 'open');
  const confirmRelease = () => {
    // A link's address cannot be read back (only its hash is kept), so the mail carries a new one.
    const mails = mailed.length
      ? `\n\n${countOf(mailed.length, 'recipient')} with an e-mail address (${mailed.map((l) => l.recipientName).join(', ')}) will be mailed a new link to it; the links they have now stop working.`
      : '\n\nNo recipient has an e-mail address, so nobody is mailed: send them their links yourself.';
    if (
      window.confirm(
        `Release “${gallery.title}”? Its recipients then see the photos without the proofing watermark${gallery.downloads === 'none' ? '' : ' and may download them'}.${mails}`,
      )
    )
      release.mutate();
  };
  return (
    <div className="grid gap-6">
      <section aria-labelledby="gallery-h" className={card}>
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h3 id="gallery-h" className="text-lg font-semibold break-words">
            {gallery.title}
          </h3>
          <button type="button" className="btn btn-secondary" onClick={props.onClose}>
            All galleries
          </button>
        </div>
        <p className="mt-1 text-slate-600">{summary(gallery)}</p>
        {editing ? (
          <GalleryAdminForm
            gallery={gallery}
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <div className="mt-3 flex flex-wrap gap-3">
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
              Edit settings
            </button>
            {!gallery.released && (
              <button
                type="button"
                className="btn btn-primary"
                disabled={release.isPending}
                onClick={confirmRelease}
              >
                Release the photos
              </button>
            )}
            <button
              type="button"
              className="btn btn-secondary"
              disabled={remove.isPending}
              onClick={confirmDelete}
            >
              Delete gallery
            </button>
          </div>
        )}
      </section>
      <section aria-labelledby="gallery-files-h" className={card}>
        <h4 id="gallery-files-h" className="text-lg font-semibold">
          Files ({files.length})
        </h4>
        <div className="mt-3">
          <GalleryAdminUploads
            galleryId={gallery.id}
            maxFileBytes={props.maxFileBytes}
            onUploaded={refresh}
          />
        </div>
        <GalleryAdminFiles galleryId={gallery.id} files={files} coverFileId={gallery.coverFileId} />
      </section>
      <section aria-labelledby="gallery-links-h" className={card}>
        <h4 id="gallery-links-h" className="text-lg font-semibold">
          Links
        </h4>
        <p className="mt-1 max-w-prose text-sm text-slate-600">
          Each recipient gets a link of their own, which you can revoke at once or give its own last day.
        </p>
        <GalleryAdminLinks galleryId={gallery.id} links={links} />
      </section>
    </div>
  );
}

export default function GalleriesTab() {
  const q = useQuery({ queryKey: LIST_KEY, queryFn: () => read<ListJson>('/api/admin/galleries') });
  const [openId, setOpenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  if (!q.data) return <p aria-busy="true">Loading…</p>;
  if (openId)
    return <GalleryView id={openId} maxFileBytes={q.data.maxFileBytes} onClose={() => setOpenId(null)} />;
  return (
    <div className="grid gap-6">
      <section aria-labelledby="new-gallery-h" className={card}>
        <h3 id="new-gallery-h" className="text-lg font-semibold">
          Client galleries
        </h3>
        <p className="mt-1 max-w-prose text-slate-600">
          Deliver a shoot privately: each recipient gets their own link, can heart the photos they want and
          send you the selection.
        </p>
        {creating ? (
          <GalleryAdminForm
            onSaved={(g) => {
              setCreating(false);
              setOpenId(g.id);
            }}
            onCancel={() => setCreating(false)}
          />
        ) : (
          <button type="button" className="btn btn-primary mt-3" onClick={() => setCreating(true)}>
            New gallery
          </button>
        )}
      </section>
      {q.data.galleries.length ? (
        <ul aria-label="Galleries" className="grid gap-4 md:grid-cols-2">
          {q.data.galleries.map((g) => (
            <li key={g.id} className={`${card} min-w-0`}>
              <h4 className="font-semibold break-words">
                <button
                  type="button"
                  className="min-h-11 text-left underline"
                  onClick={() => setOpenId(g.id)}
                >
                  {g.title}
                </button>
              </h4>
              <p className="text-sm text-slate-600">{summary(g)}</p>
              {g.counts && (
                <p className="mt-1 text-sm">
                  {countOf(g.counts.files, 'file')} ({g.counts.ready} ready
                  {g.counts.failed ? `, ${g.counts.failed} failed` : ''}) · {countOf(g.counts.links, 'link')}
                </p>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">No galleries yet.</p>
      )}
    </div>
  );
}
