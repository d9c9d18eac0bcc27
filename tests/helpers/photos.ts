// Synthetic photos for the composition analyser, drawn with sharp: a sky and land split by a horizon
// at a chosen tilt, a subject disc at a chosen place on a plain ground, and a nearly black frame.
import sharp from 'sharp';

const W = 900;
const H = 600;

const svg = (body: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${body}</svg>`);

/** Sky over land; the horizon crosses the centre line at `at` of the height, tilted `tiltDeg` (right side lower when positive). */
export function horizonPhoto(tiltDeg: number, at = 0.62): Promise<Buffer> {
  const drop = (W / 2) * Math.tan((tiltDeg * Math.PI) / 180);
  const [left, right] = [H * at - drop, H * at + drop];
  return sharp(
    svg(
      `<rect width="100%" height="100%" fill="#8fb3d0"/><polygon points="0,${left} ${W},${right} ${W},${H} 0,${H}" fill="#4a6b3a"/>`,
    ),
  )
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A red disc centred at (x, y), as fractions of the frame, on a plain grey-green ground. */
export function subjectPhoto(x: number, y: number): Promise<Buffer> {
  return sharp(
    svg(
      `<rect width="100%" height="100%" fill="#9aa5a0"/><circle cx="${x * W}" cy="${y * H}" r="55" fill="#c2452d"/>`,
    ),
  )
    .png()
    .toBuffer();
}

/** Almost all black: crushed shadows. */
export function darkPhoto(): Promise<Buffer> {
  return sharp({ create: { width: W, height: H, channels: 3, background: '#030303' } })
    .composite([{ input: svg(`<rect x="600" y="100" width="80" height="60" fill="#303030"/>`) }])
    .jpeg()
    .toBuffer();
}

/** The first half of a photo's file: its header reads fine, its pixels stop part way. */
export async function truncated(photo: Promise<Buffer>): Promise<Buffer> {
  const whole = await photo;
  return whole.subarray(0, Math.floor(whole.length / 2));
}
