// The photos of the add-photo dialog, one per chosen file, kept in step with Uppy: each file's
// upload progress, its own error, the stored upload once it is done, its pixel size (read in the
// browser for JPEG and PNG at once, from the server's answer for any file, TIFF included) and the
// words the server read from its IPTC/XMP. A refused file leaves the batch with its reason; the
// other files go on. The form's rows (react-hook-form) follow the same order, through `rows`.
import { useEffect, useReducer, useRef } from 'react';
import type { UploadedObject, UploaderUppy } from '~/islands/media/Uploader';
import type { PhotoDetails } from '~/lib/media/photo-details';
import { readImageSize } from '~/lib/photos/image-size';
import { titleFromFileName } from '~/lib/photos/photo-batch';

export interface PhotoEntry {
  /** Uppy's id of the file chosen for this photo; null until one is chosen. */
  fileId: string | null;
  name: string;
  state: 'none' | 'uploading' | 'ready' | 'failed';
  /** Percent of the file sent. */
  progress: number;
  error: string;
  uploaded: UploadedObject | null;
  size: { width: number; height: number } | null;
  /** Which fields the file's own words filled in. */
  prefilled: string[];
}

export interface Refused {
  name: string;
  reason: string;
}

/** What the form does when the batch changes. */
export interface EntryRows {
  /** A second or later file was chosen: the form gets a row for it. */
  append(): void;
  remove(index: number): void;
  /** The file's upload is stored: fill the row's empty fields; returns the names of those filled. */
  prefill(index: number, details: PhotoDetails): string[];
}

const blank = (): PhotoEntry => ({
  fileId: null,
  name: '',
  state: 'none',
  progress: 0,
  error: '',
  uploaded: null,
  size: null,
  prefilled: [],
});

/** The server's sentence from a refused upload's answer, else Uppy's own. */
function reasonOf(error: Error | undefined, request: unknown): string {
  const text = (request as { responseText?: unknown } | undefined)?.responseText;
  if (typeof text === 'string') {
    try {
      const message = (JSON.parse(text) as { message?: unknown }).message;
      if (typeof message === 'string' && message) return message;
    } catch {}
  }
  return error?.message || 'The upload failed. Please try again.';
}

export function usePhotoEntries(uppy: UploaderUppy, rows: EntryRows) {
  const entries = useRef<PhotoEntry[]>([blank()]);
  const refused = useRef<Refused[]>([]);
  const [, render] = useReducer((n: number) => n + 1, 0);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  useEffect(() => {
    const list = entries.current;
    const indexOf = (fileId: string | undefined) => list.findIndex((e) => e.fileId === fileId);
    const update = (fileId: string | undefined, change: Partial<PhotoEntry>) => {
      const i = indexOf(fileId);
      if (i >= 0) list[i] = { ...(list[i] as PhotoEntry), ...change };
      render();
      return i;
    };
    /** Takes a photo out of the batch; the last one stays, emptied, so its typed fields are kept. */
    const drop = (i: number) => {
      if (list.length > 1) {
        list.splice(i, 1);
        rowsRef.current.remove(i);
      } else list[0] = blank();
    };

    const onAdded = (file: { id: string; name?: string; data?: unknown }) => {
      let i = list.findIndex((e) => e.fileId === null);
      if (i < 0) {
        rowsRef.current.append();
        list.push(blank());
        i = list.length - 1;
      }
      list[i] = { ...blank(), fileId: file.id, name: file.name ?? 'photo', state: 'uploading' };
      render();
      if (file.data instanceof Blob) {
        void readImageSize(file.data).then((size) => {
          const entry = list[indexOf(file.id)];
          if (size && entry && !entry.size) update(file.id, { size });
        });
      }
    };
    const onProgress = (
      file: { id: string } | undefined,
      p: { bytesUploaded?: number | false; bytesTotal?: number | null },
    ) => {
      const total = Number(p.bytesTotal) || 0;
      if (total > 0) update(file?.id, { progress: Math.round((Number(p.bytesUploaded) / total) * 100) });
    };
    const onSuccess = (file: { id: string } | undefined, response: { body?: UploadedObject }) => {
      const body = response.body;
      if (!body) return;
      const media = body.media;
      const i = indexOf(file?.id);
      const entry = list[i];
      if (!entry) return;
      // A file without an embedded title is named after its file name ("sugar-loaf_at_dawn.jpg"
      // gives "Sugar loaf at dawn"): a batch of camera files is never left without titles.
      const details = body.details ?? { title: '', description: '', location: '', keywords: [] };
      const named = { ...details, title: details.title || titleFromFileName(entry.name) };
      const prefilled = rowsRef.current.prefill(i, named);
      update(file?.id, {
        state: 'ready',
        progress: 100,
        uploaded: body,
        error: '',
        size: media ? { width: media.width, height: media.height } : entry.size,
        prefilled,
      });
    };
    const onError = (file: { id: string; name?: string } | undefined, error: Error, request?: unknown) => {
      const i = indexOf(file?.id);
      const reason = reasonOf(error, request);
      if (i < 0) return;
      if (list.length > 1) {
        refused.current = [...refused.current, { name: file?.name ?? 'A file', reason }];
        drop(i);
        render();
      } else update(file?.id, { state: 'failed', error: reason, uploaded: null });
    };
    /** A refused file tried again (Uppy's Retry) comes back into the batch. */
    const onRetry = (file: { id: string; name?: string; data?: unknown } | undefined) => {
      if (!file || indexOf(file.id) >= 0) return;
      refused.current = refused.current.filter((r) => r.name !== file.name);
      onAdded(file);
    };
    const onRetryAll = (files: { id: string; name?: string; data?: unknown }[]) => {
      for (const file of files) onRetry(file);
    };
    const onRemoved = (file: { id: string; name?: string }) => {
      const i = indexOf(file.id);
      if (i >= 0) drop(i);
      else refused.current = refused.current.filter((r) => r.name !== file.name);
      render();
    };
    const listeners = [
      ['file-added', onAdded],
      ['upload-progress', onProgress],
      ['upload-success', onSuccess],
      ['upload-error', onError],
      ['file-removed', onRemoved],
      ['upload-retry', onRetry],
      ['retry-all', onRetryAll],
    ] as const;
    // Uppy types each event's handler by its name; the pairs above keep name and handler together.
    for (const [event, handler] of listeners) uppy.on(event, handler as never);
    return () => {
      for (const [event, handler] of listeners) uppy.off(event, handler as never);
    };
  }, [uppy]);

  return { entries: entries.current, refused: refused.current };
}

/**
 * Waits until every chosen file is stored or refused, starting any upload not begun yet. A file is
 * never sent twice: what is stored stays stored, and the form then sends only its address.
 */
export async function uploadsSettled(uppy: UploaderUppy): Promise<void> {
  const settled = () => uppy.getFiles().every((f) => f.progress.uploadComplete || f.error);
  if (uppy.getFiles().some((f) => !f.progress.uploadStarted && !f.error)) await uppy.upload();
  if (settled()) return;
  await new Promise<void>((resolve) => {
    const check = () => {
      if (!settled()) return;
      uppy.off('upload-success', check);
      uppy.off('upload-error', check);
      uppy.off('file-removed', check);
      resolve();
    };
    uppy.on('upload-success', check);
    uppy.on('upload-error', check);
    uppy.on('file-removed', check);
  });
}
