// Bench row for a gallery upload that survives a lost connection: a 1 GiB file sent over tus to a
// fresh server, the connection killed once half of it is sent, then resumed from the offset the
// server reports (HEAD). The row holds the whole time against copying the same file on this disk
// (the baseline, same run), and whether the stored original has the file's SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { met, signInOwner, startSite } from './lib.mjs';

const MIB = 1024 * 1024;
const SIZE = 1024 * MIB;
const PASSWORD = 'bench-password-123';
const TUS = { 'tus-resumable': '1.0.0' };

/** A file of random bytes (nothing compresses or deduplicates it), and its SHA-256. */
async function makeFile(file) {
  const hash = createHash('sha256');
  const out = createWriteStream(file);
  for (let i = 0; i < SIZE / MIB; i++) {
    const chunk = randomBytes(MIB);
    hash.update(chunk);
    if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((r) => out.end(r));
  return hash.digest('hex');
}

async function sha256Of(file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

/** Sends the file from 0 in one PATCH and drops the connection once `cut` bytes are written. */
function patchThenDrop(url, headers, file, cut) {
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'PATCH',
      headers: { ...headers, 'upload-offset': '0', 'content-length': String(SIZE) },
    });
    req.on('error', () => resolve());
    const body = createReadStream(file, { end: cut - 1 });
    body.pipe(req, { end: false });
    body.on('end', () => {
      req.destroy();
      resolve();
    });
  });
}

async function offsetOf(url, headers) {
  const res = await fetch(url, { method: 'HEAD', headers });
  return Number(res.headers.get('upload-offset'));
}

/**
 * Sends a 1 GiB file over tus to a fresh site (with `env` added to its settings), drops the
 * connection at half, resumes from the offset the site reports. `storedSha(dataDir)` reads the
 * SHA-256 of the gallery original the site kept. Answers the times and whether the bytes are right.
 */
export async function resumedUpload(env = {}, storedSha = localStoredSha) {
  const dir = mkdtempSync(join(tmpdir(), 'wicklow-bench-tus-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-gallery-'));
  const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: '0', OWNER_PASSWORD: PASSWORD, ...env });
  try {
    const file = join(dir, 'master.bin');
    const sha = await makeFile(file);
    // The baseline: the same bytes copied on this disk, no network, no protocol.
    const b = performance.now();
    await copyFile(file, join(dir, 'copy.bin'));
    const baselineMs = performance.now() - b;
    rmSync(join(dir, 'copy.bin'));

    const cookie = await signInOwner(site.url, PASSWORD);
    const headers = { cookie, origin: site.url, ...TUS };
    const gallery = await (
      await fetch(`${site.url}/api/admin/galleries`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Bench', clientName: 'Bench' }),
      })
    ).json();
    const t = performance.now();
    const created = await fetch(`${site.url}/api/admin/galleries/${gallery.id}/uploads`, {
      method: 'POST',
      headers: { ...headers, 'upload-length': String(SIZE), 'upload-metadata': 'filename bWFzdGVyLmJpbg==' },
    });
    const upload = new URL(created.headers.get('location') ?? '', site.url).href;
    const patch = { ...headers, 'content-type': 'application/offset+octet-stream' };
    await patchThenDrop(upload, patch, file, SIZE / 2);
    // The dropped request lets go of the upload once the server has noticed; then its offset holds.
    let offset = 0;
    for (let i = 0; i < 200 && offset === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      offset = await offsetOf(upload, headers);
    }
    const done = await fetch(upload, {
      method: 'PATCH',
      headers: { ...patch, 'upload-offset': String(offset), 'content-length': String(SIZE - offset) },
      body: Readable.toWeb(createReadStream(file, { start: offset })),
      duplex: 'half',
    });
    const ms = performance.now() - t;
    const same = done.status === 204 && (await storedSha(dataDir)) === sha;
    return { ms, baselineMs, same, cutPct: (offset / SIZE) * 100 };
  } finally {
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The SHA-256 of the one gallery original on the local driver, or null. */
async function localStoredSha(dataDir) {
  const stored = readdirSync(join(dataDir, 'uploads', 'galleries')).filter((f) => f.includes('.'));
  return stored.length === 1 ? sha256Of(join(dataDir, 'uploads', 'galleries', stored[0])) : null;
}

export async function galleryUploadRows() {
  const { ms, baselineMs, same, cutPct } = await resumedUpload();
  return [
    [
      `1 GiB gallery upload over tus, killed at ${cutPct.toFixed(0)}% and resumed`,
      `${(ms / 1000).toFixed(1)} s (${(SIZE / MIB / (ms / 1000)).toFixed(0)} MiB/s), SHA-256 ${same ? 'right' : 'WRONG'}`,
      `${(baselineMs / 1000).toFixed(1)} s (a copy of the file on this disk)`,
      `${(ms / baselineMs).toFixed(1)}×`,
      'finishes with the right SHA-256',
      met(same),
    ],
  ];
}
