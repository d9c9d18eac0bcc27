// One photo as the full-screen viewer shows it: the view the server sends (viewer-data) and the
// viewer island reads, kept here so that server code never imports an island.
export interface ViewerPhoto {
  id: string;
  title: string;
  description: string | null;
  location: string | null;
  alt: string;
  /** A screen-sized image for the full-screen viewer. */
  src: string;
  srcset?: string;
  /** The largest derivative, loaded only when the zoom viewer opens. */
  zoomSrc: string;
  width: number | null;
  height: number | null;
  /** The print's own page, for a photo on sale in the shop. */
  printHref?: string;
}
