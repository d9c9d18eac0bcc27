// The owner's profile: the bio picture shown in the about section, and the read-only e-mail and
// name. A bio picture is always one of the site's own images: a finished image upload
// (/objects/uploads/{id}) or the derivatives of a media id the site already holds (/media/{id}/…).
// It is stored as the display derivative (the largest JPEG up to 1920 px), never as a foreign URL,
// and the picture it replaces loses its files once no record uses them.
// The password is changed here too, under the same limit on guesses as signing in.
import { eq, sql } from 'drizzle-orm';
import { findOriginalKey } from '~/lib/media/images.server';
import { objectIdFromUrl } from '~/lib/media/signed-url.server';
import { filesOfUrl, releaseFiles } from '~/lib/media/stored-files.server';
import { getReadyObject, isImageObject } from '~/lib/media/uploads.server';
import { displayUrl } from '~/lib/photos/photo-media.server';
import { getAuth } from '~/lib/platform/server/auth/auth';
import { getSignInLimiter, waitMessage } from '~/lib/platform/server/auth/sign-in-limit';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import type { PasswordChangeInput } from '~/lib/profile/schemas';
import { users } from '~db/schema';

/** Original formats a bio picture may come from: JPG, PNG or GIF. */
const BIO_PICTURE_ORIGINALS = /\.(jpg|png|gif)$/;

const NOT_OURS =
  'Please upload the picture through the upload box: only pictures stored on this site can be used.';

/** The width of a media id the site knows: from an upload, a photo, a drone sample or a background. */
function knownMediaWidth(db: Db, mediaId: string): number | null {
  const row = db.get<{ width: number | null }>(sql`
    select width from uploaded_objects where media_id = ${mediaId} and status = 'ready' and width is not null
    union all select width from photos where media_id = ${mediaId} and width is not null
    union all select width from drone_media where media_id = ${mediaId} and width is not null
    union all select width from background_images where media_id = ${mediaId} and width is not null
    limit 1`);
  return row?.width ?? null;
}

/** The media id and width behind a bio picture address, or an HttpError saying why it is refused. */
function bioPictureMedia(db: Db, url: string): { mediaId: string; width: number } {
  const objectId = url.startsWith('/objects/uploads/') ? objectIdFromUrl(url) : null;
  if (objectId) {
    const row = getReadyObject(db, objectId);
    if (row?.status !== 'ready') {
      throw new HttpError(400, 'That upload was not found. Please upload the picture again.');
    }
    // A video keeps its poster frame's media too: it is still not a picture.
    if (!isImageObject(row)) {
      throw new HttpError(400, 'That upload is not an image. Please choose a JPG, PNG or GIF picture.');
    }
    return { mediaId: row.mediaId, width: row.width };
  }
  const { mediaIds } = filesOfUrl(url);
  const mediaId = mediaIds?.[0];
  if (!mediaId || !url.startsWith(`/media/${mediaId}/`)) throw new HttpError(400, NOT_OURS);
  const width = knownMediaWidth(db, mediaId);
  if (!width) throw new HttpError(400, 'That picture was not found on this site. Please upload it again.');
  return { mediaId, width };
}

function ownerRow(db: Db) {
  return db.select().from(users).where(eq(users.email, getConfig().ownerEmail)).get();
}

/**
 * Makes one of the site's own images the owner's bio picture and returns the address stored.
 * The files of the picture it replaces are removed afterwards, unless another record uses them.
 */
export async function setBioPicture(db: Db, url: string): Promise<{ bioPictureUrl: string }> {
  const { mediaId, width } = bioPictureMedia(db, url);
  const original = await findOriginalKey(mediaId);
  if (original && !BIO_PICTURE_ORIGINALS.test(original)) {
    throw new HttpError(415, 'The bio picture must be a JPG, PNG or GIF image.');
  }
  const bioPictureUrl = displayUrl(mediaId, width);
  const owner = ownerRow(db);
  if (!owner) throw new HttpError(404, 'The owner account was not found.');
  const previous = owner.bioPictureUrl;
  db.update(users).set({ bioPictureUrl, updatedAt: new Date() }).where(eq(users.id, owner.id)).run();
  if (previous && previous !== bioPictureUrl) await releaseFiles(db, filesOfUrl(previous));
  return { bioPictureUrl };
}

/**
 * Changes the signed-in owner's password through better-auth and signs every session out,
 * including this one, which gets a fresh session (its cookies are returned to be sent on).
 * A wrong current password counts against the sign-in limit like a failed sign-in, so this
 * cannot be used to guess the password faster than the sign-in page allows.
 */
export async function changeOwnerPassword(
  headers: Headers,
  who: { email: string; client: string },
  input: Pick<PasswordChangeInput, 'currentPassword' | 'newPassword'>,
): Promise<{ setCookies: string[] }> {
  const admission = getSignInLimiter().admit(who.client, who.email);
  if (!admission.allowed) throw new HttpError(429, passwordWaitMessage(admission.retryAfterSeconds));
  let response: Response;
  try {
    response = await getAuth().api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers,
      asResponse: true,
    });
  } catch (err) {
    admission.finish('neither');
    throw err;
  }
  if (response.ok) {
    admission.finish('success');
    return { setCookies: response.headers.getSetCookie() };
  }
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  if (body.code === 'INVALID_PASSWORD') {
    admission.finish('failure');
    throw new HttpError(400, 'The current password is not correct.');
  }
  admission.finish('neither');
  if (response.status === 401) throw new HttpError(401, 'Please sign in again to change your password.');
  if (response.status === 400) throw new HttpError(400, body.message ?? 'The new password was refused.');
  throw new HttpError(500, 'The password could not be changed. Please try again.');
}

function passwordWaitMessage(seconds: number): string {
  return waitMessage(seconds).replace('sign-in attempts', 'password attempts');
}
