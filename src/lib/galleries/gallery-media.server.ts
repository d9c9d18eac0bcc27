// A client gallery's photos and video posters are processed like the portfolio's, so their
// derivatives sit beside the portfolio's; but they are the client's, and a proofing gallery's are
// shown only watermarked. So the public media route serves none of them: the client sees them
// through the gallery's link (/g/{token}/files/…, watermarked while proofing), the owner through
// the Galleries tab (/api/admin/galleries/{id}/files/{fileId}/thumb).
import type { Db } from '~/lib/platform/server/db';

/** For the media route: whether a media id is a gallery file's (one indexed lookup). */
export function galleryMediaCheck(db: Db): (mediaId: string) => boolean {
  const owned = db.$client.prepare('select 1 from gallery_files where media_id = ? limit 1').pluck();
  return (mediaId) => owned.get(mediaId) !== undefined;
}
