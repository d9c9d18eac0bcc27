// Mounts the photo viewer on demand (imported by viewer-trigger.ts when a visitor reaches for a card),
// so that React and the viewer cost nothing until then.
import { createRoot, type Root } from 'react-dom/client';
import PhotoViewer, { type ViewerPhoto } from './PhotoViewer';

let root: Root | null = null;
let opened = 0;

interface ViewerData {
  photos: ViewerPhoto[];
  zoom?: boolean;
}

const lists = new Map<HTMLElement, Promise<ViewerData>>();

/**
 * A gallery's photos: from its `data-viewer-src` URL, fetched once (the home page keeps them out of
 * its HTML so that it arrives in the first round trip), or from its inline
 * `<script type="application/json" data-viewer-data>`. A failed fetch is tried again next time.
 */
export function loadPhotos(gallery: HTMLElement): Promise<ViewerData> {
  let list = lists.get(gallery);
  if (!list) {
    const src = gallery.dataset.viewerSrc;
    const inline = gallery.querySelector('script[data-viewer-data]')?.textContent ?? '{"photos":[]}';
    list = src
      ? fetch(src).then((res) => {
          if (!res.ok) throw new Error(`${src} answered ${res.status}`);
          return res.json() as Promise<ViewerData>;
        })
      : Promise.resolve(JSON.parse(inline) as ViewerData);
    list.catch(() => lists.delete(gallery));
    lists.set(gallery, list);
  }
  return list;
}

export async function openViewer(
  gallery: HTMLElement,
  cardIndex: number,
  trigger: HTMLElement,
): Promise<void> {
  const { photos, zoom } = await loadPhotos(gallery);
  // The card's photo by its alt text, in case the list changed since the page was loaded.
  const alt = trigger.querySelector('img')?.alt;
  const found = alt ? photos.findIndex((p) => p.alt === alt) : -1;
  const index = found >= 0 ? found : cardIndex;
  if (!root) {
    const host = document.createElement('div');
    host.dataset.viewerRoot = '';
    document.body.append(host);
    root = createRoot(host);
  }
  const r = root;
  opened += 1;
  r.render(
    <PhotoViewer
      key={opened}
      photos={photos}
      initialIndex={index}
      zoom={zoom !== false}
      onClose={() => {
        r.render(null);
        // Focus returns to the card that opened the viewer.
        trigger.focus();
      }}
    />,
  );
}
