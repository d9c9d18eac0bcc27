// The gallery's full-screen viewer, with its zoom viewer (ZoomViewer.tsx) inside it.
// A native <dialog> opened with showModal(): the page behind is inert (focus stays inside) and
// Esc closes it. Loaded when a visitor reaches for a card (viewer-trigger.ts, viewer-mount.tsx).
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { afterNextPaint } from '~/lib/platform/client/load-on-reach';
import { useSwipe } from '~/lib/viewer/swipe';
import type { ViewerPhoto } from '~/lib/viewer/viewer-photo';
import { wrapIndex } from '~/lib/viewer/zoom';
import { block, CloseButton, ctrl, Icon } from './viewer-controls';
import ZoomViewer from './ZoomViewer';

export type { ViewerPhoto };

interface Props {
  photos: ViewerPhoto[];
  initialIndex: number;
  /** Offer the zoom viewer (the drone samples show only the full-screen viewer). */
  zoom?: boolean;
  /** A heart for the photo shown, sharing the state of the page's own hearts (a client's gallery). */
  favourites?: ViewerFavourites;
  onClose: () => void;
}

export interface ViewerFavourites {
  isFavourite: (photoId: string) => boolean;
  toggle: (photoId: string) => void;
}

export default function PhotoViewer({ photos, initialIndex, zoom = true, favourites, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const zoomButton = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(initialIndex);
  // The zoom viewer is mounted closed once the viewer is on screen, in a transition (React yields to
  // input while rendering it), so that opening it only has to show what is already built. It opens
  // through `openZoom`, which shows it without a React render (see ZoomViewer).
  const [zoomReady, setZoomReady] = useState(false);
  const [zoomOpenAtMount, setZoomOpenAtMount] = useState(false);
  const openZoom = useRef<(() => void) | null>(null);
  const photo = photos[index];
  const count = photos.length;

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    if (zoom) afterNextPaint(() => startTransition(() => setZoomReady(true)));
  }, [zoom]);

  const go = useCallback((delta: number) => setIndex((i) => wrapIndex(i, delta, count)), [count]);
  // On touch, a swipe to the left shows the next photo and one to the right the previous, wrapping
  // as the arrow keys do.
  const swipe = useSwipe(go);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(-1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(1);
    }
  };

  if (!photo) return null;
  const titleId = `viewer-title-${photo.id}`;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="on-dark m-0 h-dvh max-h-none w-dvw max-w-none bg-ink-950 p-0 text-white backdrop:bg-ink-950/90"
      onKeyDown={onKeyDown}
      onClose={onClose}
      onContextMenu={block}
    >
      <div ref={content} className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <p className="text-sm text-mist-200 tabular-nums" aria-live="polite" aria-atomic="true">
            {index + 1} of {count}
          </p>
          <div className="flex items-center gap-2">
            {zoom && (
              <button
                ref={zoomButton}
                type="button"
                className={ctrl}
                onClick={() => {
                  if (openZoom.current) openZoom.current();
                  else {
                    setZoomOpenAtMount(true);
                    setZoomReady(true);
                  }
                }}
              >
                <Icon>
                  <circle cx="11" cy="11" r="6.5" />
                  <path d="M16 16l4 4M11 8.5v5M8.5 11h5" />
                </Icon>
                Zoom
              </button>
            )}
            <CloseButton label="Close viewer" className={ctrl} onClose={() => dialog.current?.close()} />
          </div>
        </div>

        <div
          className="relative flex min-h-0 flex-1 touch-pan-y touch-pinch-zoom items-center justify-center px-2 sm:px-20"
          {...(count > 1 ? swipe : {})}
        >
          <img
            key={photo.id}
            src={photo.src}
            srcSet={photo.srcset}
            sizes="100vw"
            alt={photo.alt}
            width={photo.width ?? undefined}
            height={photo.height ?? undefined}
            draggable={false}
            onDragStart={block}
            className="max-h-full max-w-full object-contain select-none"
            style={{ width: 'auto', height: 'auto' }}
          />
          {count > 1 && (
            <>
              <button
                type="button"
                className={`${ctrl} absolute top-1/2 left-2 -translate-y-1/2 sm:left-4`}
                aria-label="Previous photo"
                onClick={() => go(-1)}
              >
                <Icon>
                  <path d="M15 5l-7 7 7 7" />
                </Icon>
              </button>
              <button
                type="button"
                className={`${ctrl} absolute top-1/2 right-2 -translate-y-1/2 sm:right-4`}
                aria-label="Next photo"
                onClick={() => go(1)}
              >
                <Icon>
                  <path d="M9 5l7 7-7 7" />
                </Icon>
              </button>
            </>
          )}
        </div>

        <div className="flex flex-col gap-4 px-4 pt-3 pb-5 sm:flex-row sm:justify-between sm:gap-6 sm:px-6">
          <div>
            <h2 id={titleId} className="font-display text-2xl text-white">
              {photo.title}
            </h2>
            {photo.location && <p className="mt-1 text-sm text-mist-300">{photo.location}</p>}
            {photo.description && (
              <p className="mt-2 max-w-3xl text-[0.9375rem] leading-relaxed text-mist-200">
                {photo.description}
              </p>
            )}
          </div>
          {favourites && (
            <HeartButton
              favourite={favourites.isFavourite(photo.id)}
              onToggle={() => favourites.toggle(photo.id)}
            />
          )}
          {photo.printHref && (
            <a href={photo.printHref} className="btn btn-primary shrink-0 self-start">
              Buy a print
            </a>
          )}
        </div>
      </div>
      {zoom && zoomReady && (
        <ZoomViewer
          photo={photo}
          openAtMount={zoomOpenAtMount}
          opener={openZoom}
          behind={content}
          onClose={() => zoomButton.current?.focus()}
        />
      )}
    </dialog>
  );
}

/**
 * The heart of the photo shown. Its name stays "Favourite" whatever its state (a toggle button's
 * state is told by aria-pressed, not by a changing name); a tall pill at the foot of the viewer,
 * where a thumb reaches it on a phone.
 */
function HeartButton({ favourite, onToggle }: { favourite: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={favourite}
      onClick={onToggle}
      className={`inline-flex h-12 shrink-0 items-center justify-center gap-2 self-start rounded-full px-5 text-sm ring-1 transition-colors ${
        favourite
          ? 'bg-white text-red-700 ring-white'
          : 'bg-ink-950/60 text-white ring-white/40 hover:bg-white/15'
      }`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill={favourite ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={1.8}
      >
        <path d="M12 20s-7-4.4-9.2-9A5 5 0 0 1 12 6a5 5 0 0 1 9.2 5c-2.2 4.6-9.2 9-9.2 9z" />
      </svg>
      Favourite
    </button>
  );
}
