// Upload one file through the admin's uploader, then save what was uploaded: the flow of the drone
// samples (photos and videos, on the drone page and in the admin) and of the homepage background.
// The checks run in the same order everywhere: the owner's own fields, a file chosen, the upload
// finished with a usable address, then the save. Each caller gives its own words.
import { useState } from 'react';
import type { z } from 'zod';
import { droneMediaSchema } from '~/lib/drone/schemas';
import { HttpError, sendJson } from '~/lib/platform/client/api';
import { notify } from '~/lib/platform/client/toaster';
import { type UploadPurpose, uploadSaveFailedMessage } from '~/lib/site/constants';
import { type UploadedObject, uploadedFrom, useUppy } from './Uploader';

/** A save refused in words for the owner: shown under the uploader, and toasted when `toast` is given. */
export class SaveRefused extends Error {
  constructor(
    message: string,
    readonly toast?: { title: string; description?: string },
  ) {
    super(message);
  }
}

/** An upload's result holds a usable address: a path of this site, or an absolute http(s) URL. */
export function isValidUploadUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.trim() !== url || url.length === 0) return false;
  if (url.startsWith('/')) return !url.startsWith('//') && !url.includes('\\');
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

type DroneMediaPayload = z.output<typeof droneMediaSchema>;

interface Flow {
  purpose: UploadPurpose;
  /** Checks the owner's own fields before anything is sent; returns what is wrong, or nothing. */
  check?: () => string | undefined;
  /** Shown when the button is pressed with no file chosen. */
  nothingChosen: string;
  /** The upload did not finish (Uppy's panel says why: type, size, connection). */
  onUploadFailed: () => void;
  /** Saves the uploaded file; throws SaveRefused with the owner's words when it cannot. */
  save: (uploaded: UploadedObject) => Promise<void>;
  /** Any other failure of the upload or the save. */
  onFailed: (err: unknown) => void;
}

export function useUploadThenSave(flow: Flow) {
  const uppy = useUppy(flow.purpose);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const start = async () => {
    setError('');
    const wrong = flow.check?.();
    if (wrong) {
      setError(wrong);
      return;
    }
    if (uppy.getFiles().length === 0) {
      setError(flow.nothingChosen);
      return;
    }
    setBusy(true);
    try {
      const uploaded = uploadedFrom(await uppy.upload());
      if (!uploaded || !isValidUploadUrl(uploaded.url)) {
        flow.onUploadFailed();
        return;
      }
      await flow.save(uploaded);
    } catch (err) {
      if (err instanceof SaveRefused) {
        setError(err.message);
        if (err.toast) notify('error', err.toast.title, err.toast.description);
      } else flow.onFailed(err);
    } finally {
      setBusy(false);
    }
  };

  return { uppy, busy, error, start };
}

/**
 * Saves an uploaded drone sample (POST /api/drone-media). A field the schema refuses, or a save the
 * server refuses after the upload, throws SaveRefused in the owner's words.
 */
export async function saveDroneMedia(
  fields: { type: string; url: string; title?: string; description?: string },
  post: (path: string, body: DroneMediaPayload) => Promise<unknown> = (path, body) =>
    sendJson('POST', path, body),
): Promise<void> {
  const payload = droneMediaSchema.safeParse(fields);
  if (!payload.success) throw new SaveRefused(payload.error.issues[0]?.message ?? 'Please check the fields.');
  try {
    await post('/api/drone-media', payload.data);
  } catch (err) {
    const why =
      (err instanceof HttpError ? err.serverMessage : undefined) ?? 'the server could not be reached';
    const message = uploadSaveFailedMessage(why.replace(/\.$/, ''));
    throw new SaveRefused(message, {
      title: 'Upload Error',
      description: message.replace(/^Upload Error: /, ''),
    });
  }
}
