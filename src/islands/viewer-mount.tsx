// Mounts the photo viewer on demand (imported by viewer-trigger.ts when a visitor reaches for a card),
// so that React and the viewer cost nothing until then.
import { createRoot, type Root } from 'react-dom/client';
import PhotoViewer, { type ViewerPhoto } from './PhotoViewer';

let root: Root | null = null;
let opened = 0;

export function openViewer(gallery: HTMLElement, index: number, trigger: HTMLElement): void {
  const data = gallery.querySelector('script[data-viewer-data]')?.textContent ?? '{"photos":[]}';
  const { photos, zoom } = JSON.parse(data) as { photos: ViewerPhoto[]; zoom?: boolean };
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
