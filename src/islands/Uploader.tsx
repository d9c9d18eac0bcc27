// The reusable upload widget of the admin screens (issue 3): Uppy's Dashboard with progress, the
// restrictions of SPEC §5/§9, and Uppy's own messages for failures, duplicates and lost connections.
// Each file asks the server for a signed URL (POST /api/objects/upload) and is PUT straight to it.
import Uppy, { type UppyFile } from '@uppy/core';
import Dashboard from '@uppy/react/dashboard';
import XHRUpload from '@uppy/xhr-upload';
import { useEffect, useState } from 'react';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { sendJson } from '../lib/client/api';
import {
  IMAGE_UPLOAD_TYPES,
  MB,
  UPLOAD_PURPOSE_LIMITS,
  type UploadPurpose,
  VIDEO_UPLOAD_TYPES,
} from '../lib/shared/constants';

export interface UploadedObject {
  id: string;
  url: string;
  contentType: string | null;
  size: number | null;
  media: { mediaId: string; width: number; height: number } | null;
}

type Meta = { purpose: UploadPurpose };
type Body = UploadedObject & Record<string, never>;

const IMAGE_EXTS = ['.jpg', '.jpeg', '.png', '.gif', '.webp'];
const VIDEO_EXTS = ['.mp4', '.mov', '.avi'];

export function restrictionNote(purpose: UploadPurpose): string {
  const mb = Math.round(UPLOAD_PURPOSE_LIMITS[purpose] / MB);
  return purpose === 'video' || purpose === 'sample-video'
    ? `One video, up to ${mb} MB: MP4, MOV or AVI.`
    : `One image, up to ${mb} MB: JPG, PNG, GIF or WebP.`;
}

function createUppy(purpose: UploadPurpose): Uppy<Meta, Body> {
  const isVideo = purpose === 'video' || purpose === 'sample-video';
  return new Uppy<Meta, Body>({
    id: `uploader-${purpose}`,
    autoProceed: false,
    meta: { purpose },
    restrictions: {
      maxNumberOfFiles: 1,
      maxFileSize: UPLOAD_PURPOSE_LIMITS[purpose],
      allowedFileTypes: isVideo
        ? [...VIDEO_UPLOAD_TYPES, ...VIDEO_EXTS]
        : [...IMAGE_UPLOAD_TYPES, ...IMAGE_EXTS],
    },
  }).use(XHRUpload, {
    method: 'PUT',
    formData: false,
    // One signed, single-use URL per file, asked for just before its upload.
    endpoint: async () => {
      const grant = await sendJson<{ uploadURL: string }>('POST', '/api/objects/upload', { purpose });
      return grant.uploadURL;
    },
    limit: 1,
  });
}

interface Props {
  purpose?: UploadPurpose;
  /** Called with the stored object and the signed URL it was sent to. */
  onUploaded?: (object: UploadedObject) => void;
  height?: number;
}

export default function Uploader({ purpose = 'image', onUploaded, height = 320 }: Props) {
  // One Uppy instance per mounted widget (Uppy's React docs: create it once, in state).
  const [uppy] = useState(() => createUppy(purpose));
  useEffect(() => {
    const onSuccess = (_file: UppyFile<Meta, Body> | undefined, response: { body?: Body }) => {
      if (response.body) onUploaded?.(response.body);
    };
    uppy.on('upload-success', onSuccess);
    return () => {
      uppy.off('upload-success', onSuccess);
    };
  }, [uppy, onUploaded]);
  useEffect(() => () => uppy.destroy(), [uppy]);
  // The restrictions are printed beside the widget: Uppy's own note is hidden at some sizes.
  return (
    <div>
      <Dashboard
        uppy={uppy}
        height={height}
        width="100%"
        thumbnailWidth={280}
        proudlyDisplayPoweredByUppy={false}
        hideProgressDetails={false}
      />
      <p className="mt-2 text-sm text-slate-600">{restrictionNote(purpose)}</p>
    </div>
  );
}
