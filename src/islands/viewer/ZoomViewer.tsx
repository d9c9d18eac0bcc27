// The zoom viewer: the photo shown at its largest size, zoomed with the buttons, the keys, the
// wheel or two fingers, and panned by dragging.
//
// It is a layer inside the full-screen viewer's <dialog>, not a second modal dialog: opening a
// modal dialog makes the browser work out again which parts of the whole page are inert, tens of
// milliseconds on a slow phone before the click can be answered, while showing a layer that is
// already built restyles only the layer. The full-screen viewer behind it is covered (the layer is
// opaque and fills the screen) and made inert once the layer is on screen, so focus stays in the
// layer; Escape closes the layer and leaves the full-screen viewer open.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { afterNextPaint } from '~/lib/platform/client/load-on-reach';
import { ZOOM } from '~/lib/site/constants';
import type { ViewerPhoto } from '~/lib/viewer/viewer-photo';
import { containSize, FIT, RESET, type ZoomState, zoomPercent, zoomStep, zoomTo } from '~/lib/viewer/zoom';
import { block, CloseButton, ctrl, Icon } from './viewer-controls';

/**
 * Mounted closed beside the full-screen viewer's content (or open, when asked for before that);
 * `opener` receives the function that opens it. Each opening starts afresh (100%, the loading
 * status), and only once it is on screen loads the large image.
 */
export default function ZoomViewer({
  photo,
  openAtMount,
  opener,
  behind,
  onClose,
}: {
  photo: ViewerPhoto;
  openAtMount: boolean;
  opener: React.RefObject<(() => void) | null>;
  /** The full-screen viewer's content, made inert while the zoom viewer covers it. */
  behind: React.RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  const layer = useRef<HTMLDivElement>(null);
  /** Open and loading (or showing) the large image; see `opener` below for when it turns true. */
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

  // The click that opens the layer only shows it and moves focus into it: its bar and loading
  // status are already rendered (hidden), so the first frame needs no React render. The render
  // that creates the large image (and so requests it) comes in the task after that frame.
  useLayoutEffect(() => {
    opener.current = () => {
      const el = layer.current;
      if (!el?.hidden) return;
      el.hidden = false;
      el.querySelector('button')?.focus({ preventScroll: true });
      afterNextPaint(() => {
        // Unless it was closed in the meantime.
        if (!el.hidden) setOpen(true);
      });
    };
    return () => {
      opener.current = null;
    };
  }, [opener]);

  // While open: focus inside (when opened at mount), the content behind inert, and the stage
  // measured by the ResizeObserver alone (its first report comes after a layout, so opening reads
  // none).
  useEffect(() => {
    const el = layer.current;
    const content = behind.current;
    if (!open || !el) return;
    if (!el.contains(document.activeElement)) el.querySelector('button')?.focus({ preventScroll: true });
    if (content) content.inert = true;
    const s = stage.current;
    const ro = s ? new ResizeObserver(() => setBox({ w: s.clientWidth, h: s.clientHeight })) : null;
    if (s) ro?.observe(s);
    return () => {
      if (content) content.inert = false;
      ro?.disconnect();
    };
  }, [open, behind]);

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

  const close = () => {
    const el = layer.current;
    if (el) el.hidden = true;
    // The content behind takes focus back at once (an inert element cannot have it).
    if (behind.current) behind.current.inert = false;
    clearTimeout(fitTimer.current);
    setOpen(false);
    setLoaded(false);
    setNatural(null);
    setState(RESET);
    onClose();
  };

  const onLoad = (e: React.SyntheticEvent<HTMLImageElement>) => {
    const img = e.currentTarget;
    setNatural({ w: img.naturalWidth, h: img.naturalHeight });
    setLoaded(true);
    // Fit to screen runs 50 ms after the image loads.
    fitTimer.current = setTimeout(() => setState(FIT), ZOOM.fitDelayMs);
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    // The full-screen viewer behind never sees the zoom viewer's keys (its arrows change photo).
    e.stopPropagation();
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    if (k === 'Escape') close();
    else if (k === '+' || k === '=') setState((s) => zoomStep(s, 1));
    else if (k === '-' || k === '_') setState((s) => zoomStep(s, -1));
    else if (k === '0') setState(RESET);
    else if (k === 'f' || k === 'F') setState(FIT);
    else return;
    // For Escape, this also keeps the full-screen viewer's dialog from closing.
    e.preventDefault();
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

  const w = natural?.w ?? photo.width ?? 0;
  const h = natural?.h ?? photo.height ?? 0;
  const size = containSize(w, h, box.w, box.h);
  const titleId = `zoom-title-${photo.id}`;
  return (
    <div
      ref={layer}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      hidden={!open}
      // Focusable (not by Tab), so that a press on the photo keeps focus, and the keys, in the layer.
      tabIndex={-1}
      className="fixed inset-0 z-10 flex flex-col bg-ink-950 text-white outline-none"
      onKeyDown={onKeyDown}
      onContextMenu={block}
    >
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
          <CloseButton label="Close zoom" className={ctrl} onClose={close} />
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
        {!loaded && (
          <div role="status" className="absolute inset-0 flex flex-col items-center justify-center gap-3">
            <span className="h-10 w-10 animate-spin rounded-full border-2 border-white/25 border-t-white" />
            <span className="text-sm text-mist-200">Loading image…</span>
          </div>
        )}
      </div>
    </div>
  );
}
