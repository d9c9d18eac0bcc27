// The order of the featured photos on the home page: drag a row to its place, or use its 'Move up'
// and 'Move down' buttons from the keyboard; each move is announced in a live region, and the
// order is saved with one call (PUT /api/admin/photos/featured-order).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { type AdminPhoto, PHOTOS_KEY } from './photos-api';

interface Props {
  photos: AdminPhoto[];
  featuredIds: string[];
}

const sameOrder = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

export function PhotoFeaturedOrder({ photos, featuredIds }: Props) {
  const client = useQueryClient();
  const [order, setOrder] = useState(featuredIds);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const focusAfterMove = useRef<string | null>(null);
  useEffect(() => setOrder(featuredIds), [featuredIds]);
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    document.getElementById(target)?.focus();
  });
  const byId = new Map(photos.map((p) => [p.id, p]));
  const titleOf = (id: string) => byId.get(id)?.title ?? 'Photo';

  const move = (id: string, to: number, focusId?: string) => {
    const from = order.indexOf(id);
    if (from < 0 || to < 0 || to >= order.length || from === to) return;
    const next = [...order];
    next.splice(from, 1);
    next.splice(to, 0, id);
    setOrder(next);
    setAnnouncement(`${titleOf(id)} moved to position ${to + 1} of ${next.length}.`);
    if (focusId) focusAfterMove.current = focusId;
  };

  const save = useMutation({
    mutationFn: () => send('PUT', '/api/admin/photos/featured-order', { ids: order }),
    onSuccess: () => {
      notify('success', 'Featured order saved');
      client.invalidateQueries({ queryKey: PHOTOS_KEY });
    },
    onError: (err) => notify('error', 'Failed to save featured order', reason(err)),
  });

  if (order.length < 2) return null;
  const changed = !sameOrder(order, featuredIds);
  const onDrop = (e: DragEvent, targetId: string) => {
    e.preventDefault();
    const id = dragging ?? e.dataTransfer.getData('text/plain');
    setDragging(null);
    if (id && id !== targetId) move(id, order.indexOf(targetId));
  };
  return (
    <section aria-labelledby="featured-order-h" className="rounded-lg border border-slate-200 bg-white p-5">
      <h3 id="featured-order-h" className="text-lg font-semibold">
        Order of featured photos
      </h3>
      <p className="mt-1 max-w-prose text-sm text-slate-700">
        The home gallery shows the first six in this order. Drag a photo to its place, or use Move up and Move
        down.
      </p>
      <ol className="mt-4 space-y-2">
        {order.map((id, i) => {
          const photo = byId.get(id);
          return (
            <li
              key={id}
              draggable
              onDragStart={(e) => {
                setDragging(id);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', id);
              }}
              onDragEnd={() => setDragging(null)}
              onDragOver={(e) => {
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
              }}
              onDrop={(e) => onDrop(e, id)}
              className={`flex flex-wrap items-center gap-3 rounded-md border p-2 ${
                dragging === id ? 'border-heather-700 bg-mist-100' : 'border-slate-200 bg-white'
              } cursor-grab`}
            >
              <span aria-hidden="true" className="select-none px-1 text-slate-500">
                ⠿
              </span>
              <span className="w-6 text-right tabular-nums text-slate-700">{i + 1}.</span>
              {photo && (
                <img
                  src={photo.imageUrl}
                  alt=""
                  width={64}
                  height={48}
                  draggable={false}
                  className="h-12 w-16 shrink-0 rounded-sm object-cover"
                />
              )}
              <span className="min-w-0 flex-1 truncate font-medium">{titleOf(id)}</span>
              <span className="flex gap-2">
                <button
                  type="button"
                  id={`move-up-${id}`}
                  className="btn btn-secondary px-3 text-sm disabled:cursor-not-allowed disabled:opacity-40"
                  disabled={i === 0}
                  onClick={() => move(id, i - 1, i - 1 === 0 ? `move-down-${id}` : `move-up-${id}`)}
                  aria-label={`Move up: ${titleOf(id)}`}
                >
                  Move up
                </button>
                <button
                  type="button"
                  id={`move-down-${id}`}
                  className="btn btn-secondary px-3 text-sm disabled:cursor-not-allowed disabled:opacity-40"
                  disabled={i === order.length - 1}
                  onClick={() =>
                    move(id, i + 1, i + 1 === order.length - 1 ? `move-up-${id}` : `move-down-${id}`)
                  }
                  aria-label={`Move down: ${titleOf(id)}`}
                >
                  Move down
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn btn-primary disabled:opacity-60"
          disabled={!changed || save.isPending}
          onClick={() => save.mutate()}
        >
          {save.isPending ? 'Saving…' : 'Save order'}
        </button>
        {changed && (
          <button type="button" className="btn btn-secondary" onClick={() => setOrder(featuredIds)}>
            Undo changes
          </button>
        )}
      </div>
    </section>
  );
}
