// The words read from a photo file's IPTC/XMP at upload (lib/media/photo-details.server.ts),
// sent back with the upload to prefill the add-photo dialog.

export interface PhotoDetails {
  title: string;
  description: string;
  location: string;
  keywords: string[];
}
