// The analyser's one decode: the photo, oriented and flattened, downscaled to at most ANALYSIS_SIDE px,
// as sRGB bytes plus the planes every measure shares (luma, CIE Lab, Sobel gradients). Working on a
// small copy keeps the whole analysis well under a second on the 2-core box and makes it deterministic.
import sharp, { type SharpOptions } from 'sharp';
import { MAX_INPUT_PIXELS } from '~/lib/media/images.server';
import { HttpError } from '~/lib/platform/server/http/http';

/** The answer for a photo whose header reads but whose pixels do not (cut short, damaged). */
export const UNREADABLE_IMAGE = 'The image could not be read';

/**
 * How the analyser opens a photo: within the pixel limit, and failing on data that stops part way
 * (sharp reads the header lazily, so a cut-off file only fails once its pixels are decoded).
 */
export const DECODE_OPTIONS: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' };

/** Large enough for a Laplacian to still see focus, small enough to walk in plain loops. */
export const ANALYSIS_SIDE = 512;

export interface Planes {
  width: number;
  height: number;
  /** Rec. 709 luma of the gamma-encoded values, 0-255. */
  luma: Float32Array;
  /** CIE L*a*b* (D65), one plane each. */
  L: Float32Array;
  a: Float32Array;
  b: Float32Array;
  /** Sobel gradients of luma. */
  gx: Float32Array;
  gy: Float32Array;
}

const linear = (c: number) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};
const LINEAR = Float32Array.from({ length: 256 }, (_, i) => linear(i));
const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (841 / 108) * t + 4 / 29);

/** The photo decoded whole; a photo that cannot be decoded is an HttpError 400, never a crash later. */
export async function loadPlanes(image: Buffer): Promise<Planes> {
  let decoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    decoded = await sharp(image, DECODE_OPTIONS)
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize(ANALYSIS_SIDE, ANALYSIS_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new HttpError(400, UNREADABLE_IMAGE);
  }
  const { data, info } = decoded;
  return planesFromRgb(data, info.width, info.height, info.channels);
}

export function planesFromRgb(data: Uint8Array, width: number, height: number, channels: number): Planes {
  const n = width * height;
  const luma = new Float32Array(n);
  const L = new Float32Array(n);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r = data[i * channels]!;
    const g = data[i * channels + 1]!;
    const bl = data[i * channels + 2]!;
    luma[i] = 0.2126 * r + 0.7152 * g + 0.0722 * bl;
    const R = LINEAR[r]!;
    const G = LINEAR[g]!;
    const B = LINEAR[bl]!;
    const fx = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047);
    const fy = f(0.2126 * R + 0.7152 * G + 0.0722 * B);
    const fz = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883);
    L[i] = 116 * fy - 16;
    a[i] = 500 * (fx - fy);
    b[i] = 200 * (fy - fz);
  }
  const { gx, gy } = sobel(luma, width, height);
  return { width, height, luma, L, a, b, gx, gy };
}

function sobel(v: Float32Array, w: number, h: number) {
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      // Plain locals, not destructured arrays: this runs for every pixel.
      const tl = v[i - w - 1]!;
      const t = v[i - w]!;
      const tr = v[i - w + 1]!;
      const l = v[i - 1]!;
      const r = v[i + 1]!;
      const bl = v[i + w - 1]!;
      const bt = v[i + w]!;
      const br = v[i + w + 1]!;
      gx[i] = tr + 2 * r + br - tl - 2 * l - bl;
      gy[i] = bl + 2 * bt + br - tl - 2 * t - tr;
    }
  }
  return { gx, gy };
}
