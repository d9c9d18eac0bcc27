// The gallery's uploader: Uppy's Dashboard over tus, up to 500 files at once with each file's
// progress. A dropped connection is retried, and a file added again after a reload or a restart
// continues from what the server already holds (tus-js-client remembers each file's upload address).
import Uppy from '@uppy/core';
import uppyCoreCss from '@uppy/core/css/style.min.css?url';
import uppyDashboardCss from '@uppy/dashboard/css/style.min.css?url';
import Dashboard from '@uppy/react/dashboard';
import Tus from '@uppy/tus';
import { useEffect, useState } from 'react';
import { UploadTimeLeft } from '~/islands/media/UploadTimeLeft';
import { GALLERY_BATCH_MAX_FILES } from '~/lib/galleries/gallery-rules';

const TYPES = [
  'image/jpeg',
  'image/png',
  'image/tiff',
  'image/webp',
  'image/gif',
  'video/mp4',
  'video/quicktime',
  'video/x-msvideo',
];
const EXTS = ['.jpg', '.jpeg', '.png', '.tif', '.tiff', '.webp', '.gif', '.mp4', '.mov', '.avi'];
/**
 * Parts of 64 MB: node:http ends a request after 5 minutes and a proxy may cap a body, so a 20 GB
 * master goes as many short PATCHes; a retry resends little.
 */
const CHUNK_BYTES = 64 * 1024 ** 2;

export function GalleryAdminUploads(props: {
  galleryId: string;
  maxFileBytes: number;
  onUploaded: () => void;
}) {
  const [uppy] = useState(() =>
    new Uppy({
      id: `gallery-${props.galleryId}`,
      restrictions: {
        maxNumberOfFiles: GALLERY_BATCH_MAX_FILES,
        maxFileSize: props.maxFileBytes,
        allowedFileTypes: [...TYPES, ...EXTS],
      },
    }).use(Tus, {
      endpoint: `/api/admin/galleries/${encodeURIComponent(props.galleryId)}/uploads`,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000, 30000],
      // Three files at a time; the server processes them one after another as they finish.
      limit: 3,
      removeFingerprintOnSuccess: true,
    }),
  );
  useEffect(() => () => uppy.destroy(), [uppy]);
  const { onUploaded } = props;
  useEffect(() => {
    uppy.on('upload-success', onUploaded);
    return () => {
      uppy.off('upload-success', onUploaded);
    };
  }, [uppy, onUploaded]);
  const gb = Math.round((props.maxFileBytes / 1024 ** 3) * 10) / 10;
  return (
    <div>
      <link rel="stylesheet" href={uppyCoreCss} precedence="default" />
      <link rel="stylesheet" href={uppyDashboardCss} precedence="default" />
      <Dashboard
        uppy={uppy}
        height={300}
        width="100%"
        proudlyDisplayPoweredByUppy={false}
        // Files, megabytes and time left are told by UploadTimeLeft, whose estimate holds steady.
        hideProgressDetails
      />
      <UploadTimeLeft uppy={uppy} />
      <p className="mt-2 text-sm text-slate-600">
        Up to {GALLERY_BATCH_MAX_FILES} files at once, each up to {gb} GB: JPG, PNG, TIFF, WebP or GIF photos,
        MP4, MOV or AVI videos. An interrupted upload resumes where it stopped.
      </p>
    </div>
  );
}
