// The gallery's full-screen viewer and its zoom viewer.
// Both are native <dialog>s opened with showModal(): the page behind is inert (focus stays
// inside) and Esc closes them. Loaded when a visitor reaches for a card (viewer-trigger.ts,
// viewer-mount.tsx).
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { afterNextPaint } from '~/lib/platform/client/load-on-reach';
import { ZOOM } from '~/lib/site/constants';
import { useSwipe } from '~/lib/viewer/swipe';
import type { ViewerPhoto } from '~/lib/viewer/viewer-photo';
import {
  containSize,
  FIT,
  RESET,
  wrapIndex,
  type ZoomState,
  zoomPercent,
  zoomStep,
  zoomTo,
} from '~/lib/viewer/zoom';

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

const block = (e: { preventDefault: () => void }) => e.preventDefault();

function CloseButton({
  label,
  className,
  onClose,
}: {
  label: string;
  className: string;
  onClose: () => void;
}) {
  return (
    <button type="button" className={className} aria-label={label} onClick={onClose}>
      <Icon>
        <path d="M6 6l12 12M18 6L6 18" />
      </Icon>
    </button>
  );
}

function Icon({ children }: { children: React.ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

const ctrl =
  'inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-full px-3 text-sm text-white transition-colors hover:bg-white/15 bg-ink-950/60';

export default function PhotoViewer({ photos, initialIndex, zoom = true, favourites, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const zoomButton = useRef<HTMLButtonElement>(null);
  const [index, setIndex] = useState(initialIndex);
  // The zoom viewer is mounted closed once the viewer is on screen, in a transition (React yields to
  // input while rendering it), so that opening it only has to show what is already built. It opens
  // through `openZoom`, which re-renders the zoom viewer alone.
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
    <>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="on-dark m-0 h-dvh max-h-none w-dvw max-w-none bg-ink-950 p-0 text-white backdrop:bg-ink-950/90"
        onKeyDown={onKeyDown}
        onClose={onClose}
        onContextMenu={block}
      >
        <div className="flex h-full flex-col">
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
      </dialog>
      {zoom && zoomReady && (
        <ZoomViewer
          photo={photo}
          openAtMount={zoomOpenAtMount}
          opener={openZoom}
          onClose={() => zoomButton.current?.focus()}
        />
      )}
    </>
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

/**
 * Mounted closed beside the full-screen viewer (or open, when asked for before that); `opener`
 * receives the function that opens it. Each opening starts afresh (100%, the loading status) and
 * only then loads the large image.
 */
function ZoomViewer({
  photo,
  openAtMount,
  opener,
  onClose,
}: {
  photo: ViewerPhoto;
  openAtMount: boolean;
  opener: React.RefObject<(() => void) | null>;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(openAtMount);
  const stage = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);
  /** The image's own size once loaded; until then the size the gallery gives. */
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const [box, setBox] = useState({ w: 0, h: 0 });
  const [state, setState] = useState<ZoomState>(RESET);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ dist: number; scale: number } | null>(null);
  const fitTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useLayoutEffect(() => {
    opener.current = () => setOpen(true);
    return () => {
      opener.current = null;
    };
  }, [opener]);

  // The stage is measured by the ResizeObserver alone: its first report comes after the layout of
  // the frame that shows the dialog, so the click that opens it reads no layout and renders once.
  useLayoutEffect(() => {
    const d = dialog.current;
    if (!open || !d) return;
    if (!d.open) d.showModal();
    const el = stage.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setBox({ w: el.clientWidth, h: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, [open]);

  /** Pointer position relative to the stage's centre. */
  const fromCentre = useCallback((clientX: number, clientY: number) => {
    const r = stage.current?.getBoundingClientRect();
    if (!r) return { x: 0, y: 0 };
    return { x: clientX - r.left - r.width / 2, y: clientY - r.top - r.height / 2 };
  }, []);

  // The wheel listener must be non-passive to keep the page from scrolling.
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      if (e.deltaY === 0) return;
      const at = fromCentre(e.clientX, e.clientY);
      setState((s) => zoomStep(s, e.deltaY < 0 ? 1 : -1, at));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [fromCentre]);

  const onLoad = (e: React.SyntheticEvent<HTMLImageElement>) => {
    const img = e.currentTarget;
    setNatural({ w: img.naturalWidth, h: img.naturalHeight });
    setLoaded(true);
    // Fit to screen runs 50 ms after the image loads.
    fitTimer.current = setTimeout(() => setState(FIT), ZOOM.fitDelayMs);
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    if (k === '+' || k === '=') setState((s) => zoomStep(s, 1));
    else if (k === '-' || k === '_') setState((s) => zoomStep(s, -1));
    else if (k === '0') setState(RESET);
    else if (k === 'f' || k === 'F') setState(FIT);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const onPointerDown = (e: React.PointerEvent) => {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      if (a && b) pinch.current = { dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, scale: state.scale };
    }
  };
  const onPointerMove = (e: React.PointerEvent) => {
    const prev = pointers.current.get(e.pointerId);
    if (!prev) return;
    const next = { x: e.clientX, y: e.clientY };
    pointers.current.set(e.pointerId, next);
    if (pointers.current.size === 1) {
      setState((s) => ({ ...s, x: s.x + next.x - prev.x, y: s.y + next.y - prev.y }));
    } else if (pointers.current.size === 2 && pinch.current) {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      const start = pinch.current;
      const at = fromCentre((a.x + b.x) / 2, (a.y + b.y) / 2);
      setState((s) => zoomTo(s, (start.scale * dist) / start.dist, at));
    }
  };
  const onPointerUp = (e: React.PointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };

  const onDialogClose = () => {
    clearTimeout(fitTimer.current);
    setOpen(false);
    setLoaded(false);
    setNatural(null);
    setState(RESET);
    onClose();
  };

  const w = natural?.w ?? photo.width ?? 0;
  const h = natural?.h ?? photo.height ?? 0;
  const size = containSize(w, h, box.w, box.h);
  const titleId = `zoom-title-${photo.id}`;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="on-dark m-0 h-dvh max-h-none w-dvw max-w-none bg-ink-950 p-0 text-white backdrop:bg-ink-950"
      onKeyDown={onKeyDown}
      onClose={onDialogClose}
      onContextMenu={block}
    >
      <div className="flex h-full flex-col">
        <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6">
          <h2 id={titleId} className="min-w-0 truncate font-display text-lg">
            Zoom: {photo.title}
          </h2>
          <div className="flex flex-wrap items-center gap-1" role="toolbar" aria-label="Zoom controls">
            <button
              type="button"
              className={ctrl}
              aria-label="Zoom out"
              onClick={() => setState((s) => zoomStep(s, -1))}
            >
              <Icon>
                <circle cx="11" cy="11" r="6.5" />
                <path d="M16 16l4 4M8.5 11h5" />
              </Icon>
            </button>
            <output
              className="w-14 text-center text-sm tabular-nums"
              aria-live="polite"
              aria-label="Zoom level"
            >
              {zoomPercent(state.scale)}
            </output>
            <button
              type="button"
              className={ctrl}
              aria-label="Zoom in"
              onClick={() => setState((s) => zoomStep(s, 1))}
            >
              <Icon>
                <circle cx="11" cy="11" r="6.5" />
                <path d="M16 16l4 4M11 8.5v5M8.5 11h5" />
              </Icon>
            </button>
            <button type="button" className={ctrl} onClick={() => setState(FIT)}>
              Fit to screen
            </button>
            <button type="button" className={ctrl} onClick={() => setState(RESET)}>
              Reset
            </button>
            <CloseButton label="Close zoom" className={ctrl} onClose={() => dialog.current?.close()} />
          </div>
        </div>
        <p className="sr-only">
          Keys: plus or equals zoom in, minus zooms out, 0 resets, F fits, Escape closes.
        </p>
        <div
          ref={stage}
          className="relative min-h-0 flex-1 cursor-grab touch-none overflow-hidden active:cursor-grabbing"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        >
          {open && (
            <img
              src={photo.zoomSrc}
              alt={photo.alt}
              draggable={false}
              onDragStart={block}
              onLoad={onLoad}
              className="absolute top-1/2 left-1/2 max-w-none select-none"
              style={{
                width: size.width || undefined,
                height: size.height || undefined,
                opacity: loaded ? 1 : 0,
                transform: `translate(-50%, -50%) translate(${state.x}px, ${state.y}px) scale(${state.scale})`,
              }}
            />
          )}
          {open && !loaded && (
            <div role="status" className="absolute inset-0 flex flex-col items-center justify-center gap-3">
              <span className="h-10 w-10 animate-spin rounded-full border-2 border-white/25 border-t-white" />
              <span className="text-sm text-mist-200">Loading image…</span>
            </div>
          )}
        </div>
      </div>
    </dialog>
  );
}
