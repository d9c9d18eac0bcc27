// The small copy of a frame that the horizon's lines are searched on (about 128 px wide): block
// means of the Lab planes, of the texture and of the empty wedges of a turned frame, kept as running
// sums down each column, so that the mean of any band of rows in a column costs two reads.
import type { Planes } from './pixels.server';

/** The width of the small copy the lines are searched on. */
export const SEARCH_WIDTH = 128;

export interface Small {
  w: number;
  h: number;
  /** Per channel, running sums down each column: sums[c][y * w + x] is the sum of rows above y. */
  sums: [Float64Array, Float64Array, Float64Array];
  /** The same for texture (gradient magnitude), and its mean over the frame. */
  texture: Float64Array;
  meanTexture: number;
  /** The same for the empty wedges of a turned frame (frameWedges), or null when the frame has none. */
  wedge: Float64Array | null;
}

/** The block size that makes a frame about SEARCH_WIDTH px wide. */
export const searchFactor = (planes: Planes) => Math.max(1, Math.round(planes.width / SEARCH_WIDTH));

/** The frame shrunk by block means of f × f pixels (f = 1: the frame itself), as running sums. */
export function smallCopy(
  { width, height, L, a, b, gx, gy }: Planes,
  f: number,
  wedges: Uint8Array | null,
): Small & { f: number } {
  const [w, h] = [Math.floor(width / f), Math.floor(height / f)];
  const grad = new Float32Array(width * height);
  for (let i = 0; i < grad.length; i++) grad[i] = Math.abs(gx[i]!) + Math.abs(gy[i]!);
  const planes = wedges ? [L, a, b, grad, wedges] : [L, a, b, grad];
  const all = planes.map(() => new Float64Array((h + 1) * w));
  const [l, aa, bb, texture, wedge] = all;
  const sums = [l!, aa!, bb!] as Small['sums'];
  for (let c = 0; c < all.length; c++) {
    const src = planes[c]!;
    const out = all[c]!;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let v = 0;
        for (let dy = 0; dy < f; dy++)
          for (let dx = 0; dx < f; dx++) v += src[(y * f + dy) * width + x * f + dx]!;
        out[(y + 1) * w + x] = out[y * w + x]! + v / (f * f);
      }
    }
  }
  let total = 0;
  for (let x = 0; x < w; x++) total += texture![h * w + x]!;
  return { w, h, sums, texture: texture!, meanTexture: total / (w * h), wedge: wedge ?? null, f };
}
