// Bench rows for a camera's master files sent through the signed upload (purpose 'photo'), the
// same path as the add-photo dialog: a ~200 MB 16-bit TIFF, two of them at once, and a JPEG at
// sharp's pixel limit (100 MP). Each runs on a fresh server (no demo data, no other work) whose
// resident memory is sampled every 20 ms; the row holds the peak against that server at rest.
// The files are made here with sharp, in a temporary folder, and removed afterwards.
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { signInOwner, startSite } from './lib.mjs';

const MIB = 1024 * 1024;
const GOAL_BYTES = 1024 * MIB;
const PASSWORD = 'bench-password-123';

/** Resident memory of a process (Linux), in bytes. */
async function rss(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
}

/** Samples a process's resident memory until stopped; returns the highest seen. */
function sampleRss(pid) {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await rss(pid).catch(() => 0));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peak;
    },
  };
}

/**
 * A 16-bit RGB TIFF, uncompressed (as raw converters export masters), of a gradient with grain:
 * 7200×4800 is 207 MB, just under the 200 MiB limit.
 */
async function makeTiff(file, width, height) {
  const grain = sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  });
  await grain.toColourspace('rgb16').tiff({ compression: 'none' }).toFile(file);
}

/** A 100-megapixel JPEG (12,248×8,165), right at the pixel limit of the image module. */
async function makeLimitJpeg(file) {
  await sharp({
    create: { width: 12_248, height: 8_164, channels: 3, noise: { type: 'gaussian', mean: 120, sigma: 20 } },
  })
    .jpeg({ quality: 90 })
    .toFile(file);
}

async function putPhoto(baseUrl, cookie, file) {
  const grant = await (
    await fetch(`${baseUrl}/api/objects/upload`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ purpose: 'photo' }),
    })
  ).json();
  const res = await fetch(`${baseUrl}${grant.uploadURL}`, {
    method: 'PUT',
    body: Readable.toWeb(createReadStream(file)),
    headers: { 'content-length': String(statSync(file).size) },
    duplex: 'half',
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Uploads the files at once to a fresh server; its resting and peak memory, and the time taken. */
async function measure(files) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-large-'));
  const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: '0', OWNER_PASSWORD: PASSWORD });
  try {
    const cookie = await signInOwner(site.url, PASSWORD);
    const atRest = await rss(site.pid);
    const sampler = sampleRss(site.pid);
    const t = performance.now();
    const answers = await Promise.all(files.map((f) => putPhoto(site.url, cookie, f)));
    const ms = performance.now() - t;
    const peak = await sampler.stop();
    return { atRest, peak, ms, answers };
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const mib = (b) => `${(b / MIB).toFixed(0)} MiB`;
const row = (what, m) => [
  what,
  `${mib(m.peak)} peak RSS, ${(m.ms / 1000).toFixed(1)} s`,
  `${mib(m.atRest)} (the same server at rest)`,
  `+${mib(m.peak - m.atRest)}`,
  '≤ 1024 MiB',
  m.peak <= GOAL_BYTES ? 'yes' : 'NO',
];

export async function largeUploadRows() {
  const dir = mkdtempSync(join(tmpdir(), 'wicklow-bench-masters-'));
  try {
    const tiffA = join(dir, 'a.tif');
    const tiffB = join(dir, 'b.tif');
    const limit = join(dir, 'limit.jpg');
    await makeTiff(tiffA, 7200, 4800);
    await makeTiff(tiffB, 7200, 4800);
    await makeLimitJpeg(limit);
    const size = mib(statSync(tiffA).size);
    const one = await measure([tiffA]);
    const first = one.answers[0].media;
    if (first?.width !== 7200) throw new Error(`unexpected answer ${JSON.stringify(one.answers[0])}`);
    const two = await measure([tiffA, tiffB]);
    const atLimit = await measure([limit]);
    return [
      row(`${size} 16-bit TIFF (7200×4800) uploaded and published`, one),
      row(`two ${size} 16-bit TIFFs uploaded at once`, two),
      row(`100 MP JPEG (the pixel limit, ${mib(statSync(limit).size)}) uploaded and published`, atLimit),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
