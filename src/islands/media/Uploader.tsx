// The reusable upload widget of the admin screens: Uppy's Dashboard with progress, the
// restrictions (one file, or several photo originals at once; the purpose's byte limit and file
// types), and Uppy's own messages for failures, duplicates and lost connections.
// Each file asks the server for a signed URL (POST /api/objects/upload) and is PUT straight to it.
import Uppy, { type UppyFile } from '@uppy/core';
// Uppy's stylesheets by URL, rendered as <link>s by the widget (React hoists them into <head>):
// imported as CSS they would be inlined into every page that might show an uploader, visitors'
// pages included (Astro collects the CSS of every island a page imports, rendered or not).
import uppyCoreCss from '@uppy/core/css/style.min.css?url';
import uppyDashboardCss from '@uppy/dashboard/css/style.min.css?url';
import Dashboard from '@uppy/react/dashboard';
import XHRUpload from '@uppy/xhr-upload';
import { useEffect, useState } from 'react';
import type { PhotoDetails } from '~/lib/media/photo-details';
import { sendJson } from '~/lib/platform/client/api';
import {
  BIO_PICTURE_HINT,
  BIO_PICTURE_TYPES,
  IMAGE_UPLOAD_TYPES,
  MB,
  PHOTO_ORIGINAL_TYPES,
  PHOTOS_PER_BATCH,
  UPLOAD_PURPOSE_LIMITS,
  type UploadPurpose,
  VIDEO_UPLOAD_TYPES,
} from '~/lib/site/constants';
import { UploadTimeLeft } from './UploadTimeLeft';

export interface UploadedObject {
  id: string;
  url: string;
  contentType: string | null;
  size: number | null;
  media: { mediaId: string; width: number; height: number } | null;
  /** A photo original's title, description, location and keywords, read from its IPTC/XMP. */
  details?: PhotoDetails;
}

type Meta = { purpose: UploadPurpose };
type Body = UploadedObject & Record<string, never>;

const IMAGE_EXTS = ['.jpg', '.jpeg', '.png', '.gif', '.webp'];
const BIO_PICTURE_EXTS = ['.jpg', '.jpeg', '.png', '.gif'];
const PHOTO_EXTS = ['.jpg', '.jpeg', '.png', '.tif', '.tiff'];
const VIDEO_EXTS = ['.mp4', '.mov', '.avi'];

/** How many files a widget takes at once: several photo originals, else one. */
export function filesAtOnce(purpose: UploadPurpose, several: boolean): number {
  return purpose === 'photo' && several ? PHOTOS_PER_BATCH : 1;
}

export function restrictionNote(purpose: UploadPurpose, several = false): string {
  if (purpose === 'bio-picture') return `One picture: ${BIO_PICTURE_HINT}`;
  const mb = Math.round(UPLOAD_PURPOSE_LIMITS[purpose] / MB);
  if (purpose === 'photo') {
    return several
      ? `Up to ${PHOTOS_PER_BATCH} photos at once, each up to ${mb} MB: JPG, PNG or TIFF, 8 or 16 bits.`
      : `One photo, up to ${mb} MB: JPG, PNG or TIFF, 8 or 16 bits.`;
  }
  return purpose === 'video' || purpose === 'sample-video'
    ? `One video, up to ${mb} MB: MP4, MOV or AVI.`
    : `One image, up to ${mb} MB: JPG, PNG, GIF or WebP.`;
}

function allowedTypes(purpose: UploadPurpose): string[] {
  if (purpose === 'video' || purpose === 'sample-video') return [...VIDEO_UPLOAD_TYPES, ...VIDEO_EXTS];
  if (purpose === 'bio-picture') return [...BIO_PICTURE_TYPES, ...BIO_PICTURE_EXTS];
  if (purpose === 'photo') return [...PHOTO_ORIGINAL_TYPES, ...PHOTO_EXTS];
  return [...IMAGE_UPLOAD_TYPES, ...IMAGE_EXTS];
}

export interface UppyOptions {
  /** Several photo originals at once (purpose 'photo' only). */
  several?: boolean;
  /** Upload each file as soon as it is chosen (the server's answer then prefills the form). */
  autoProceed?: boolean;
}

function createUppy(purpose: UploadPurpose, opts: UppyOptions): Uppy<Meta, Body> {
  return new Uppy<Meta, Body>({
    id: `uploader-${purpose}`,
    autoProceed: opts.autoProceed ?? false,
    meta: { purpose },
    restrictions: {
      maxNumberOfFiles: filesAtOnce(purpose, opts.several ?? false),
      maxFileSize: UPLOAD_PURPOSE_LIMITS[purpose],
      allowedFileTypes: allowedTypes(purpose),
    },
  }).use(XHRUpload, {
    method: 'PUT',
    formData: false,
    // One signed, single-use URL per file, asked for just before its upload.
    endpoint: async () => {
      const grant = await sendJson<{ uploadURL: string }>('POST', '/api/objects/upload', { purpose });
      return grant.uploadURL;
    },
    // One file at a time: the server makes one photo's derivatives at a time anyway.
    limit: 1,
  });
}

export type UploaderUppy = Uppy<Meta, Body>;

/** One Uppy instance per mounted widget (Uppy's React docs: create it once, in state). */
export function useUppy(purpose: UploadPurpose, opts: UppyOptions = {}): UploaderUppy {
  const [uppy] = useState(() => createUppy(purpose, opts));
  useEffect(() => () => uppy.destroy(), [uppy]);
  return uppy;
}

/** The uploaded object of a finished upload, from Uppy's result. */
export function uploadedFrom(result: Awaited<ReturnType<UploaderUppy['upload']>>): UploadedObject | null {
  return result?.successful?.[0]?.response?.body ?? null;
}

interface ViewProps {
  uppy: UploaderUppy;
  purpose: UploadPurpose;
  height?: number;
  /** When a form around the widget starts the upload with its own button. */
  hideUploadButton?: boolean;
  /** The restrictions in words, when the widget narrows the purpose's own. */
  note?: string;
}

/** Uppy's Dashboard with the restrictions printed beside it (Uppy's own note is hidden at some sizes). */
export function UploaderView({ uppy, purpose, height = 320, hideUploadButton = false, note }: ViewProps) {
  return (
    <div>
      <link rel="stylesheet" href={uppyCoreCss} precedence="default" />
      <link rel="stylesheet" href={uppyDashboardCss} precedence="default" />
      <Dashboard
        uppy={uppy}
        height={height}
        width="100%"
        thumbnailWidth={280}
        proudlyDisplayPoweredByUppy={false}
        // Files, megabytes and time left are told by UploadTimeLeft, whose estimate holds steady.
        hideProgressDetails
        hideUploadButton={hideUploadButton}
      />
      <UploadTimeLeft uppy={uppy} />
      <p className="mt-2 text-sm text-slate-600">{note ?? restrictionNote(purpose)}</p>
    </div>
  );
}

interface Props {
  purpose?: UploadPurpose;
  /** Called with the stored object and the signed URL it was sent to. */
  onUploaded?: (object: UploadedObject) => void;
  height?: number;
}

export default function Uploader({ purpose = 'image', onUploaded, height = 320 }: Props) {
  const uppy = useUppy(purpose);
  useEffect(() => {
    const onSuccess = (_file: UppyFile<Meta, Body> | undefined, response: { body?: Body }) => {
      if (response.body) onUploaded?.(response.body);
    };
    uppy.on('upload-success', onSuccess);
    return () => {
      uppy.off('upload-success', onSuccess);
    };
  }, [uppy, onUploaded]);
  return <UploaderView uppy={uppy} purpose={purpose} height={height} />;
}
