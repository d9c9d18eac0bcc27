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

/** How many files the page renders, and how many each further page brings. */
export const FILES_PAGE_SIZE = 48;

/** A further page of the gallery's files, as `GET /g/{token}/files?from=…` answers it. */
export interface FilesPage {
  files: ClientFile[];
  next: number | null;
}

export interface ClientGallery {
  title: string;
  clientName: string;
  recipientName: string;
  shootDate: string | null;
  message: string | null;
  cover: { id: string; width: number; height: number } | null;
  /** The first page of the ready files; the island fetches the others from `next` on. */
  files: ClientFile[];
  /** Where the next page starts (`GET /g/{token}/files?from=…`), null when every file is here. */
  next: number | null;
  /** How many ready files the gallery holds. */
  totalFiles: number;
  /** Every file this link hearted, on any page: the selection's count does not wait for scrolling. */
  favouriteIds: string[];
  downloads: GalleryDownloads;
  proofing: boolean;
  marked: boolean;
  printsAllowed: boolean;
  /** For a gallery with a PIN and prints: what a print's cart line carries to show the PIN was given. */
  printPass: string | null;
  selectionSentAt: string | null;
}
