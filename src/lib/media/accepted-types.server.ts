// Which file types each upload purpose takes (recognised from the bytes, file-types.ts), and the
// sentence a refused file is answered with (415).
import {
  IMAGE_UPLOAD_TYPES,
  PHOTO_ORIGINAL_TYPES,
  type UploadPurpose,
  VIDEO_UPLOAD_TYPES,
} from '~/lib/site/constants';

export interface AcceptedTypes {
  kind: 'image' | 'video';
  mimes: readonly string[];
  /** Why a file of another type is refused. */
  refusal: string;
}

const IMAGES: AcceptedTypes = {
  kind: 'image',
  mimes: IMAGE_UPLOAD_TYPES,
  refusal: 'This file type is not allowed. Please choose a JPG, PNG, GIF or WebP image.',
};
const VIDEOS: AcceptedTypes = {
  kind: 'video',
  mimes: VIDEO_UPLOAD_TYPES,
  refusal: 'This file type is not allowed. Please choose an MP4, MOV or AVI video.',
};

export const ACCEPTED_TYPES: Record<UploadPurpose, AcceptedTypes> = {
  image: IMAGES,
  photo: {
    kind: 'image',
    mimes: PHOTO_ORIGINAL_TYPES,
    refusal: 'This file type is not allowed. Please choose a JPG, PNG or TIFF photo.',
  },
  'bio-picture': IMAGES,
  video: VIDEOS,
  'sample-video': VIDEOS,
};
