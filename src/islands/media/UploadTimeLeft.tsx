// A batch's progress under an uploader, in place of Uppy's own line: files and megabytes done, and
// a time left that holds steady (time-left.ts says why Uppy's swings on a batch of photos).
import type Uppy from '@uppy/core';
import { useEffect, useState } from 'react';
import { type BatchProgress, secondsLeft, timeLeftWords } from '~/lib/media/time-left';

// biome-ignore lint/suspicious/noExplicitAny: any uploader's Uppy, whatever its meta and body types.
type AnyUppy = Uppy<any, any>;

interface Batch extends BatchProgress {
  files: number;
  complete: number;
}

const MB = 1024 ** 2;

/** The files of the uploads under way, or null when none is. */
function batchOf(uppy: AnyUppy, startedAt: number, now: number): Batch | null {
  const ids = new Set(Object.values(uppy.getState().currentUploads).flatMap((u) => u.fileIDs));
  const files = uppy.getFiles().filter((f) => ids.has(f.id) && !f.error);
  if (files.length === 0) return null;
  let doneBytes = 0;
  let totalBytes = 0;
  let complete = 0;
  for (const f of files) {
    const size = f.progress.bytesTotal ?? f.size ?? 0;
    totalBytes += size;
    doneBytes += f.progress.uploadComplete ? size : f.progress.bytesUploaded || 0;
    if (f.progress.uploadComplete) complete++;
  }
  return { startedAt, now, doneBytes, totalBytes, files: files.length, complete };
}

function progressLine(batch: Batch): string {
  const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
  const parts = [
    `${batch.complete} of ${batch.files} file${batch.files === 1 ? '' : 's'}`,
    `${mb(batch.doneBytes)} of ${mb(batch.totalBytes)}`,
  ];
  const left = timeLeftWords(secondsLeft(batch));
  if (left) parts.push(left.charAt(0).toLowerCase() + left.slice(1));
  return parts.join(' · ');
}

/** The line, read once a second while files are uploading; nothing when none is. */
export function UploadTimeLeft({ uppy }: { uppy: AnyUppy }) {
  const [line, setLine] = useState<string | null>(null);
  useEffect(() => {
    let startedAt: number | null = null;
    const read = () => {
      const now = Date.now();
      const batch = startedAt === null ? null : batchOf(uppy, startedAt, now);
      // Uppy announces an upload just before it lists it: a batch just begun is not over yet.
      if (!batch && startedAt !== null && now - startedAt > 2000) startedAt = null;
      setLine(batch ? progressLine(batch) : null);
    };
    const onUpload = () => {
      // Files added while a batch runs join it; a new batch starts the clock again.
      startedAt ??= Date.now();
      setTimeout(read, 0);
    };
    const timer = setInterval(read, 1000);
    uppy.on('upload', onUpload);
    uppy.on('complete', read);
    return () => {
      clearInterval(timer);
      uppy.off('upload', onUpload);
      uppy.off('complete', read);
    };
  }, [uppy]);
  return (
    <p role="status" className="mt-2 min-h-5 text-sm text-slate-700">
      {line}
    </p>
  );
}
