// The client's gallery at /g/{token}: the grid (lazy images below the fold), a heart and a note per
// photo (kept per link on the server), "Send my selection to the photographer", videos that play in
// place, the downloads the owner allows, and the site's full-screen and zoom viewers.
// The page renders the first page of files; the next pages are fetched as the visitor nears the end
// of the grid, with a "Show more photos" button for a browser that does not tell it.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { fileUrl } from '~/lib/galleries/gallery-delivery';
import type { ClientFile, FilesPage, ClientGallery as View } from '~/lib/galleries/gallery-view';
import { widthsFor } from '~/lib/media/media-urls';
import type { ViewerPhoto } from '~/lib/viewer/viewer-photo';

const PhotoViewer = lazy(() => import('~/islands/viewer/PhotoViewer'));

interface Props {
  base: string;
  view: View;
  /** The widest viewing copy (smaller while the gallery is watermarked). */
  maxWidth: number;
}

/** Images in the first rows load at once; the rest when they near the screen. */
const EAGER = 6;

async function send(url: string, method: string, body?: unknown): Promise<void> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    const { message } = (await res.json().catch(() => ({}))) as { message?: string };
    throw new Error(message ?? 'That did not work. Please try again.');
  }
}

export default function ClientGallery({ base, view, maxWidth }: Props) {
  const [files, setFiles] = useState(view.files);
  const [next, setNext] = useState(view.next);
  const [loading, setLoading] = useState(false);
  // Every heart of this link, on pages loaded or not: the count and the favourites' ZIP need them all.
  const [hearts, setHearts] = useState(() => new Set(view.favouriteIds));
  const [status, setStatus] = useState<{ text: string; error?: boolean } | null>(null);
  const [sentAt, setSentAt] = useState(view.selectionSentAt);
  const [open, setOpen] = useState<number | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  const photos = files.filter((f) => f.kind === 'photo' && f.hasImage);

  const loadMore = useCallback(async () => {
    // A ref, not the state: the observer and the button can both ask before a render.
    if (next === null || busy.current) return;
    busy.current = true;
    setLoading(true);
    try {
      const res = await fetch(`${base}/files?from=${next}`, { cache: 'no-store' });
      const body = (await res.json().catch(() => ({}))) as Partial<FilesPage> & { message?: string };
      if (!res.ok || !body.files) throw new Error(body.message ?? 'More photos could not be loaded.');
      const page = body.files;
      setFiles((all) => {
        const have = new Set(all.map((f) => f.id));
        return [...all, ...page.filter((f) => !have.has(f.id))];
      });
      setNext(body.next ?? null);
    } catch (err) {
      setStatus({ text: (err as Error).message, error: true });
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [base, next]);

  // The next page is fetched while the end of the grid is still a screen or two away.
  useEffect(() => {
    const target = end.current;
    if (next === null || loading || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && loadMore(),
      {
        rootMargin: '1200px 0px',
      },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [next, loading, loadMore]);

  const widths = (f: ClientFile) => widthsFor(f.width ?? 0).filter((w) => w <= maxWidth);
  const srcOf = (f: ClientFile, width: number, format: 'webp' | 'jpg' = 'webp') =>
    fileUrl(base, f.id, `view-${width}.${format}`);
  const srcsetOf = (f: ClientFile) =>
    widths(f)
      .map((w) => `${srcOf(f, w)} ${w}w`)
      .join(', ');
  const viewerPhotos: ViewerPhoto[] = photos.map((f) => {
    const ws = widths(f);
    const largest = ws.at(-1) ?? 640;
    return {
      id: f.id,
      title: f.fileName,
      description: null,
      location: null,
      alt: f.fileName,
      src: srcOf(f, Math.min(largest, 1280)),
      srcset: srcsetOf(f),
      zoomSrc: srcOf(f, largest),
      width: f.width,
      height: f.height,
    };
  });

  const update = (id: string, change: Partial<ClientFile>) => {
    setFiles((all) => all.map((f) => (f.id === id ? { ...f, ...change } : f)));
    if (change.favourite === undefined) return;
    const favourite = change.favourite;
    setHearts((all) => {
      const changed = new Set(all);
      if (favourite) changed.add(id);
      else changed.delete(id);
      return changed;
    });
  };

  const toggle = async (f: ClientFile) => {
    const favourite = !f.favourite;
    update(f.id, { favourite });
    try {
      await send(
        `${base}/favourites/${encodeURIComponent(f.id)}`,
        favourite ? 'PUT' : 'DELETE',
        favourite ? { note: f.note } : undefined,
      );
    } catch (err) {
      update(f.id, { favourite: !favourite });
      setStatus({ text: (err as Error).message, error: true });
    }
  };
  const saveNote = async (f: ClientFile, note: string) => {
    update(f.id, { note });
    try {
      await send(`${base}/favourites/${encodeURIComponent(f.id)}`, 'PUT', { note });
      setStatus({ text: `Note saved for ${f.fileName}.` });
    } catch (err) {
      setStatus({ text: (err as Error).message, error: true });
    }
  };
  // The shop's print dialog, loaded on the first click: the print's cart line carries the link's
  // token, and in a gallery with a PIN the page's proof that it was given; the checkout's server
  // checks both.
  const orderPrint = async (f: ClientFile, opener: HTMLElement) => {
    try {
      const { openPrintDialog } = await import('~/islands/shop/print-dialog-mount');
      openPrintDialog({
        photoId: f.id,
        title: `${view.title}: ${f.fileName}`,
        imageUrl: srcOf(f, Math.min(widths(f).at(-1) ?? 640, 640)),
        returnFocus: opener,
        gallery: {
          variantsUrl: `${base}/prints/${encodeURIComponent(f.id)}`,
          link: base.slice('/g/'.length),
          ...(view.printPass ? { pass: view.printPass } : {}),
        },
      });
    } catch {
      setStatus({ text: 'The print options could not be opened. Please try again.', error: true });
    }
  };
  const sendSelection = async () => {
    try {
      const res = await fetch(`${base}/selection`, { method: 'POST' });
      const body = (await res.json()) as { count?: number; sentAt?: string; message?: string };
      if (!res.ok) throw new Error(body.message ?? 'Your selection could not be sent.');
      setSentAt(body.sentAt ?? null);
      setStatus({ text: `Your selection of ${body.count} was sent to the photographer.` });
    } catch (err) {
      setStatus({ text: (err as Error).message, error: true });
    }
  };

  return (
    <div>
      <div className="flex flex-wrap items-center gap-3 border-y border-mist-200 py-4">
        <p className="text-sm text-ink-600">
          {hearts.size === 0 ? 'Tap the heart on the photos you like.' : `${hearts.size} in your selection.`}
          {sentAt && ' Your selection was sent to the photographer; you can change it and send it again.'}
        </p>
        <button
          type="button"
          className="btn btn-primary px-4 text-sm"
          onClick={sendSelection}
          disabled={hearts.size === 0}
        >
          Send my selection to the photographer
        </button>
        {view.downloads !== 'none' && (
          <>
            <a className="btn btn-secondary px-4 text-sm" href={`${base}/zip/all`} download>
              Download all (ZIP)
            </a>
            {hearts.size > 0 && (
              <a className="btn btn-secondary px-4 text-sm" href={`${base}/zip/favourites`} download>
                Download my favourites (ZIP)
              </a>
            )}
          </>
        )}
      </div>
      <p role="status" className={`min-h-6 pt-2 text-sm ${status?.error ? 'text-red-800' : 'text-ink-600'}`}>
        {status?.text}
      </p>
      <ul className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {files.map((f, i) => {
          const photoIndex = photos.indexOf(f);
          const ratio = f.width && f.height ? `${f.width} / ${f.height}` : '3 / 2';
          const background = f.placeholder
            ? `url("${f.placeholder}") center / cover`
            : (f.dominantColor ?? undefined);
          return (
            <li key={f.id} className="flex flex-col gap-2">
              {f.kind === 'video' && !view.proofing ? (
                // biome-ignore lint/a11y/useMediaCaption: the client's own footage has no captions to offer.
                <video
                  controls
                  preload="none"
                  className="w-full bg-ink-950"
                  style={{ aspectRatio: ratio }}
                  poster={f.hasImage ? srcOf(f, Math.min(widths(f).at(-1) ?? 640, 960), 'jpg') : undefined}
                  src={fileUrl(base, f.id, 'video')}
                  aria-label={`Video ${f.fileName}`}
                />
              ) : f.kind === 'video' && f.hasImage ? (
                // While proofing, a small watermarked copy to choose from; the video itself waits for
                // the release. No download button, no picture-in-picture, no casting.
                <>
                  {/* biome-ignore lint/a11y/useMediaCaption: the client's own footage has no captions to offer. */}
                  <video
                    controls
                    controlsList="nodownload noremoteplayback"
                    disablePictureInPicture
                    disableRemotePlayback
                    preload="none"
                    className="w-full bg-ink-950"
                    style={{ aspectRatio: ratio }}
                    poster={srcOf(f, Math.min(widths(f).at(-1) ?? 640, 960), 'jpg')}
                    src={fileUrl(base, f.id, 'preview')}
                    aria-label={`Video ${f.fileName} (watermarked preview)`}
                    onContextMenu={(e) => e.preventDefault()}
                  />
                  <p className="text-xs text-ink-600">
                    Watermarked preview: the full video plays once the gallery is released.
                  </p>
                </>
              ) : (
                <button
                  type="button"
                  className="block w-full cursor-zoom-in"
                  style={{ aspectRatio: ratio, background }}
                  onClick={() => photoIndex >= 0 && setOpen(photoIndex)}
                  aria-label={
                    f.kind === 'video'
                      ? `Video ${f.fileName} (plays once the gallery is released)`
                      : `Open ${f.fileName}`
                  }
                >
                  {f.hasImage && (
                    <img
                      src={srcOf(f, Math.min(widths(f).at(-1) ?? 640, 640))}
                      srcSet={srcsetOf(f)}
                      sizes="(min-width: 64rem) 30vw, (min-width: 40rem) 45vw, 90vw"
                      alt={f.fileName}
                      width={f.width ?? undefined}
                      height={f.height ?? undefined}
                      loading={i < EAGER ? 'eager' : 'lazy'}
                      decoding="async"
                      className="h-full w-full object-cover"
                    />
                  )}
                </button>
              )}
              <div className="flex items-center gap-2">
                <button
                  type="button"
                  aria-pressed={f.favourite}
                  aria-label={`Favourite ${f.fileName}`}
                  onClick={() => toggle(f)}
                  className={`rounded-full p-2 ring-1 ring-mist-200 ${f.favourite ? 'text-red-700' : 'text-ink-600'}`}
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="h-5 w-5"
                    fill={f.favourite ? 'currentColor' : 'none'}
                    stroke="currentColor"
                    strokeWidth={1.8}
                  >
                    <path d="M12 20s-7-4.4-9.2-9A5 5 0 0 1 12 6a5 5 0 0 1 9.2 5c-2.2 4.6-9.2 9-9.2 9z" />
                  </svg>
                </button>
                <span className="min-w-0 flex-1 truncate text-sm text-ink-700">{f.fileName}</span>
                {view.printsAllowed && f.kind === 'photo' && f.hasImage && (
                  <button
                    type="button"
                    className="text-sm text-heather-700 underline"
                    onClick={(e) => orderPrint(f, e.currentTarget)}
                  >
                    Order a print<span className="sr-only"> of {f.fileName}</span>
                  </button>
                )}
                {view.downloads !== 'none' && (
                  <a
                    className="text-sm text-heather-700 underline"
                    // The size the owner allows: the server delivers a video's original under either.
                    href={fileUrl(base, f.id, view.downloads)}
                    download
                  >
                    Download<span className="sr-only"> {f.fileName}</span>
                  </a>
                )}
              </div>
              {f.favourite && (
                <label className="text-sm text-ink-700">
                  Note for {f.fileName}
                  <textarea
                    className="mt-1 block w-full rounded-md border border-mist-300 p-2 text-sm"
                    rows={2}
                    maxLength={1000}
                    defaultValue={f.note}
                    onBlur={(e) => e.currentTarget.value !== f.note && saveNote(f, e.currentTarget.value)}
                  />
                </label>
              )}
            </li>
          );
        })}
      </ul>
      <div ref={end} className="mt-8 flex flex-col items-center gap-3">
        {next !== null && (
          <>
            <p className="text-sm text-ink-600">
              Showing {files.length} of {view.totalFiles} files.
            </p>
            <button
              type="button"
              className="btn btn-secondary px-5 text-sm"
              onClick={loadMore}
              disabled={loading}
            >
              {loading ? 'Loading more photos…' : 'Show more photos'}
            </button>
          </>
        )}
      </div>
      {open !== null && (
        <Suspense fallback={null}>
          <PhotoViewer
            photos={viewerPhotos}
            initialIndex={open}
            favourites={{
              isFavourite: (id) => hearts.has(id),
              toggle: (id) => {
                const f = files.find((file) => file.id === id);
                if (f) void toggle(f);
              },
            }}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
