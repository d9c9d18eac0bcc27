// The client's gallery as the page and its island read it: plain data, no key of any stored file.
import type { GalleryDownloads, GalleryFileKind } from './gallery-rules';

export interface ClientFile {
  id: string;
  kind: GalleryFileKind;
  fileName: string;
  width: number | null;
  height: number | null;
  dominantColor: string | null;
  placeholder: string | null;
  /** A photo's derivatives or a video's poster exist. */
  hasImage: boolean;
  durationMs: number | null;
  favourite: boolean;
  note: string;
}

export interface ClientGallery {
  title: string;
  clientName: string;
  recipientName: string;
  shootDate: string | null;
  message: string | null;
  coverId: string | null;
  files: ClientFile[];
  downloads: GalleryDownloads;
  proofing: boolean;
  marked: boolean;
  printsAllowed: boolean;
  selectionSentAt: string | null;
}
