// The Photos tab: every photo, shown and hidden, with its badges ('Homepage Hero', 'Featured',
// 'Hidden', 'Not in shop' for a photo too small to print, with the file size each size the shop sells
// needs); per photo 'Set as Homepage', Edit, View, Hide or Show, Delete (never-ordered photos
// only) and 'Analyse composition'; the 'Add New Photo' dialog; and the order of featured photos.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { mediaUrl, widthsFor } from '~/lib/media/media-urls';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { CATEGORY_LABELS } from '~/lib/site/constants';
import { PhotoDialog } from './PhotoDialog';
import { PhotoFeaturedOrder } from './PhotoFeaturedOrder';
import { PrintFitNote, printFit, useShopSizes } from './PrintFitTable';
import { type AdminPhoto, type AdminPhotoList, PHOTOS_KEY, shopCardUrl } from './photos-api';

/** A card-sized JPEG derivative (about 640 px) of a processed photo, else its own address. */
function thumbnail(photo: AdminPhoto): string {
  if (!photo.mediaId || !photo.width) return photo.imageUrl;
  const widths = widthsFor(photo.width);
  return mediaUrl(photo.mediaId, widths.find((w) => w >= 640) ?? widths.at(-1) ?? photo.width, 'jpg');
}

type Editing = { mode: 'add' } | { mode: 'edit'; photo: AdminPhoto } | null;

function PhotoCard({ photo, onEdit }: { photo: AdminPhoto; onEdit: () => void }) {
  const client = useQueryClient();
  const shopSizes = useShopSizes();
  const refresh = () => client.invalidateQueries({ queryKey: PHOTOS_KEY });
  const path = `/api/admin/photos/${encodeURIComponent(photo.id)}`;
  const hero = useMutation({
    mutationFn: () => send('PUT', `${path}/homepage-hero`),
    onSuccess: () => {
      notify('success', 'Homepage hero photo updated successfully');
      refresh();
    },
    onError: (err) => notify('error', 'Failed to set homepage hero photo', reason(err)),
  });
  const visibility = useMutation({
    mutationFn: (isActive: boolean) => send('PUT', `${path}/visibility`, { isActive }),
    onSuccess: (_data, isActive) => {
      notify('success', isActive ? 'Photo shown on the site' : 'Photo hidden from the site');
      refresh();
    },
    onError: (err, isActive) =>
      notify('error', isActive ? 'Failed to show photo' : 'Failed to hide photo', reason(err)),
  });
  const remove = useMutation({
    mutationFn: () => send('DELETE', path),
    onSuccess: () => {
      notify('success', 'Photo deleted');
      refresh();
    },
    onError: (err) => notify('error', 'Failed to delete photo', reason(err)),
  });
  const confirmDelete = () => {
    const ok = window.confirm(
      `Delete “${photo.title}” for good? Its prints leave the shop and its image files are removed. (A photo that has been ordered can only be hidden, never deleted.)`,
    );
    if (ok) remove.mutate();
  };
  const busy = hero.isPending || visibility.isPending || remove.isPending;
  const ratio = photo.width && photo.height ? `${photo.width} / ${photo.height}` : '3 / 2';
  const named = (action: string) => `${action}: ${photo.title}`;
  return (
    <li
      className={`flex flex-col overflow-hidden rounded-lg border bg-white ${
        photo.isActive ? 'border-slate-200' : 'border-dashed border-slate-400'
      }`}
    >
      <div className="relative bg-slate-100" style={{ aspectRatio: ratio }}>
        <img
          src={thumbnail(photo)}
          alt=""
          loading="lazy"
          width={photo.width ?? undefined}
          height={photo.height ?? undefined}
          className={`h-full w-full object-cover ${photo.isActive ? '' : 'opacity-50 grayscale'}`}
          style={{ backgroundColor: photo.dominantColor ?? undefined }}
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h3 className="font-semibold leading-snug">{photo.title}</h3>
          <p className="text-sm text-slate-700">
            {CATEGORY_LABELS[photo.category]}
            {photo.location ? ` · ${photo.location}` : ''}
          </p>
        </div>
        {(photo.homepageHero ||
          photo.featured ||
          !photo.isActive ||
          photo.everOrdered ||
          !photo.sellable) && (
          <ul className="flex flex-wrap gap-2" aria-label="Status">
            {!photo.sellable && (
              <li className="badge bg-amber-100 text-amber-950">Not in shop: too small to print</li>
            )}
            {photo.homepageHero && <li className="badge bg-amber-100 text-amber-950">Homepage Hero</li>}
            {photo.featured && <li className="badge bg-heather-100 text-heather-800">Featured</li>}
            {!photo.isActive && <li className="badge bg-slate-200 text-slate-800">Hidden</li>}
            {photo.everOrdered && <li className="badge bg-slate-100 text-slate-800">Ordered</li>}
          </ul>
        )}
        {shopSizes && printFit(photo.width, photo.height, shopSizes).missing.length > 0 && (
          <PrintFitNote width={photo.width} height={photo.height} />
        )}
        <div className="mt-auto flex flex-wrap gap-2">
          {photo.isActive && !photo.homepageHero && (
            <button
              type="button"
              className="btn btn-primary px-3 text-sm disabled:opacity-60"
              disabled={busy}
              onClick={() => hero.mutate()}
              aria-label={named('Set as Homepage')}
            >
              Set as Homepage
            </button>
          )}
          <button
            type="button"
            className="btn btn-secondary px-3 text-sm"
            onClick={onEdit}
            aria-label={named('Edit')}
          >
            Edit
          </button>
          {photo.isActive && photo.sellable && (
            <a
              href={shopCardUrl(photo)}
              className="btn btn-secondary px-3 text-sm"
              aria-label={named('View')}
            >
              View
            </a>
          )}
          <button
            type="button"
            className="btn btn-secondary px-3 text-sm"
            disabled={busy}
            onClick={() => visibility.mutate(!photo.isActive)}
            aria-label={named(photo.isActive ? 'Hide' : 'Show')}
          >
            {photo.isActive ? 'Hide' : 'Show'}
          </button>
          {!photo.everOrdered && (
            <button
              type="button"
              className="btn btn-secondary px-3 text-sm text-red-800"
              disabled={busy}
              onClick={confirmDelete}
              aria-label={named('Delete')}
            >
              Delete
            </button>
          )}
          <a
            href={`/composition-analysis?photo=${encodeURIComponent(photo.id)}`}
            className="btn btn-secondary px-3 text-sm"
            aria-label={named('Analyse composition')}
          >
            Analyse composition
          </a>
        </div>
        {photo.everOrdered && (
          <p className="text-xs text-slate-700">Ordered before: it can only be hidden, not deleted.</p>
        )}
      </div>
    </li>
  );
}

export default function PhotosTab() {
  const client = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const { data, isError } = useQuery({
    queryKey: PHOTOS_KEY,
    queryFn: () => read<AdminPhotoList>('/api/admin/photos'),
  });
  if (isError) return <p role="alert">The photos could not be loaded. Please reload the page.</p>;
  const photos = data?.photos ?? [];
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold">Photos</h2>
          <p className="mt-1 max-w-prose text-slate-700">
            {data ? `${photos.length} ${photos.length === 1 ? 'photo' : 'photos'}.` : 'Loading…'} Hidden
            photos stay here but leave the site and the shop.
          </p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ mode: 'add' })}>
          Add New Photo
        </button>
      </div>
      {data && photos.length === 0 && <p>No photos yet. Add the first one.</p>}
      <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {photos.map((photo) => (
          <PhotoCard key={photo.id} photo={photo} onEdit={() => setEditing({ mode: 'edit', photo })} />
        ))}
      </ul>
      {data && <PhotoFeaturedOrder photos={photos} featuredIds={data.featuredIds} />}
      {editing && (
        <PhotoDialog
          key={editing.mode === 'edit' ? editing.photo.id : 'add'}
          photo={editing.mode === 'edit' ? editing.photo : null}
          onClose={() => setEditing(null)}
          onSaved={() => client.invalidateQueries({ queryKey: PHOTOS_KEY })}
        />
      )}
    </div>
  );
}
