// GET /g/{token}/files/{fileId}/{part}: one file of the gallery, after the link (and its PIN) is checked
// and the file is found in THIS link's gallery (404 otherwise: no other gallery's file, no path):
//   view-{width}.{webp|jpg}  a viewing copy (watermarked and size-limited while the gallery is marked)
//   video                    the video playing in place, with byte ranges for seeking (not while proofing)
//   preview                  while proofing, a video's small watermarked copy, with byte ranges (made on first ask)
//   original | web           a download, after the checks of every download
//                            (lib/galleries/authorize-download.server.ts); byte ranges resume it
// Nothing here reads a proofing gallery's originals. On S3, a video or an original sent as it is
// stored answers 302 to a presigned URL on the store (15 minutes), made only after every check above.
import type { APIRoute } from 'astro';
import { authorizeDownload } from '~/lib/galleries/authorize-download.server';
import { PRIVATE_HEADERS, requireLink } from '~/lib/galleries/gallery-access.server';
import { isProofing } from '~/lib/galleries/gallery-delivery';
import {
  deliveredFile,
  playableVideo,
  presignedDownload,
  type Source,
  sourceResponse,
} from '~/lib/galleries/gallery-downloads.server';
import { fileOfGallery } from '~/lib/galleries/gallery-favourites.server';
import { previewSource, videoPreview } from '~/lib/galleries/gallery-video-preview.server';
import { viewingCopy } from '~/lib/galleries/watermark.server';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';

const VIEW = /^view-(\d{1,4})\.(webp|jpg)$/;
const notHere = () => new HttpError(404, 'This file is not in the gallery.');

/** The source sent by the site, or on S3 a redirect to the store when it is an object sent as it is. */
async function answer(
  request: Request,
  source: Source,
  kind: 'inline' | 'attachment',
  waitForRoom?: () => Promise<void>,
): Promise<Response> {
  const presigned = await presignedDownload(source, kind);
  if (presigned)
    return new Response(null, { status: 302, headers: { ...PRIVATE_HEADERS, Location: presigned } });
  return sourceResponse(request, source, kind, PRIVATE_HEADERS, waitForRoom);
}

export const GET: APIRoute = handle(async ({ request, params, locals }) => {
  const db = getDb();
  const token = params.token ?? '';
  const part = params.part ?? '';
  if (part === 'original' || part === 'web') {
    const download = authorizeDownload(db, request, token, part, (g) =>
      fileOfGallery(db, g, params.fileId ?? ''),
    );
    const { gallery, found: file, size } = download;
    const source = await deliveredFile(gallery, file, file.kind === 'video' ? 'original' : size);
    download.count();
    return answer(request, source, 'attachment', locals.waitForRoom);
  }
  const { gallery } = requireLink(db, token, request);
  const file = fileOfGallery(db, gallery, params.fileId ?? '');
  const view = VIEW.exec(part);
  if (view) {
    const copy = await viewingCopy(gallery, file, Number(view[1]), view[2] as 'webp' | 'jpg');
    if (!copy) throw notHere();
    const headers = {
      ...PRIVATE_HEADERS,
      'Cache-Control': 'private, max-age=3600',
      'Content-Type': copy.type,
    };
    return new Response(new Uint8Array(copy.bytes), { headers });
  }
  if (part === 'video') {
    if (file.kind !== 'video') throw notHere();
    if (isProofing(gallery))
      throw new HttpError(403, 'Videos play once the photographer releases the gallery.');
    return answer(request, await playableVideo(gallery, file), 'inline', locals.waitForRoom);
  }
  if (part === 'preview') {
    if (file.kind !== 'video') throw notHere();
    // Once released, the video itself plays (`video`): the preview is a proofing gallery's alone.
    if (!isProofing(gallery)) throw new HttpError(404, 'This video plays in full: it has no preview.');
    const preview = await videoPreview(file);
    if (!preview) throw new HttpError(404, 'This video has no preview. Please ask the photographer.');
    return answer(request, previewSource(file, preview), 'inline', locals.waitForRoom);
  }
  throw notHere();
});
