// Bench rows for publishing a photo: a 24-megapixel JPEG sent through the signed upload URL
// (WebP and JPEG ladders plus placeholder before the answer; AVIF in the background queue),
// against a standalone sharp script doing the same encodes in the same run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

// The settings of src/lib/media/images.server.ts, repeated here so the baseline does the same work.
const WIDTHS = [320, 640, 960, 1280, 1920, 2560];
const WEBP = { quality: 78 };
const JPEG = { quality: 80, mozjpeg: true, progressive: true };
const AVIF = { quality: 50, effort: 3, chromaSubsampling: '4:2:0' };

/** A 6000×4000 photo-like JPEG: soft gradients with fine grain, as a camera makes. */
export async function make24mp() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="6000" height="4000">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7f93b5"/><stop offset="0.6" stop-color="#e9b98a"/><stop offset="1" stop-color="#2f3b2c"/></linearGradient></defs>
    <rect width="6000" height="4000" fill="url(#s)"/>
    <path d="M0 2600 L1200 1900 L2100 2300 L3300 1600 L4600 2250 L6000 1800 L6000 4000 L0 4000Z" fill="#3c4a3a"/>
    <path d="M0 3100 L1500 2700 L3000 3000 L4500 2650 L6000 3050 L6000 4000 L0 4000Z" fill="#24301f"/></svg>`;
  const base = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const grain = await sharp({
    create: { width: 6000, height: 4000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 12 } },
  })
    .raw()
    .toBuffer();
  const px = base.data;
  const ch = base.info.channels;
  for (let i = 0, j = 0; i < px.length; i += ch, j += 3) {
    for (let c = 0; c < 3; c++) px[i + c] = Math.max(0, Math.min(255, px[i + c] + grain[j + c] - 128));
  }
  return sharp(px, { raw: base.info }).removeAlpha().jpeg({ quality: 92 }).toBuffer();
}

async function baselineEncodes(jpeg, formats, dir, { oneAtATime = false } = {}) {
  const { data, info } = await sharp(jpeg)
    .autoOrient()
    .resize(2560)
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const jobs = [];
  for (const w of WIDTHS) {
    const h = Math.round((4000 * w) / 6000);
    for (const f of formats) {
      const img = sharp(data, { raw }).resize(w, h, { fit: 'fill' });
      const enc = f === 'webp' ? img.webp(WEBP) : f === 'avif' ? img.avif(AVIF) : img.jpeg(JPEG);
      const job = () => enc.toBuffer().then((b) => writeFileSync(join(dir, `${w}.${f}`), b));
      if (oneAtATime) await job();
      else jobs.push(job());
    }
  }
  if (formats.includes('jpg')) {
    writeFileSync(join(dir, 'original.jpg'), jpeg);
    jobs.push(sharp(data, { raw }).resize(24).blur(1).webp({ quality: 40 }).toBuffer());
    jobs.push(sharp(data, { raw }).resize(64).stats());
  }
  await Promise.all(jobs);
}

export async function baselinePublish(jpeg) {
  const dir = mkdtempSync(join(tmpdir(), 'wicklow-sharp-'));
  try {
    let t = performance.now();
    await baselineEncodes(jpeg, ['webp', 'jpg'], dir);
    const publishMs = performance.now() - t;
    t = performance.now();
    // The site's background queue encodes one width at a time (to leave a core for requests),
    // so the baseline does the same.
    await baselineEncodes(jpeg, ['avif'], dir, { oneAtATime: true });
    return { publishMs, avifMs: performance.now() - t };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Through the site: sign in, get a signed URL, PUT the file; then wait for the AVIF ladder. */
export async function sitePublish(baseUrl, jpeg, password) {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: new URLSearchParams({ email: 'owner@example.com', password }).toString(),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const grant = await (
    await fetch(`${baseUrl}/api/objects/upload`, { method: 'POST', headers: { cookie, origin: baseUrl } })
  ).json();
  let t = performance.now();
  const res = await fetch(`${baseUrl}${grant.uploadURL}`, { method: 'PUT', body: jpeg });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  const publishMs = performance.now() - t;
  t = performance.now();
  const lastAvif = `${baseUrl}/media/${body.media.mediaId}/2560.avif`;
  for (;;) {
    const r = await fetch(lastAvif, { method: 'HEAD' });
    if (r.status === 200) break;
    if (performance.now() - t > 120_000) throw new Error('AVIF ladder not ready after 120 s');
    await new Promise((r2) => setTimeout(r2, 50));
  }
  return { publishMs, avifMs: performance.now() - t };
}
