// The composition analyser's rows of `npm run bench`: its accuracy on the known-truth set (the
// vitest accuracy test, run once, writing its rows as JSON) and the time for a 24 MP JPEG end to
// end through POST /api/analyze-composition, beside decoding the same file with sharp alone.
// Run alone with `node scripts/bench/composition.mjs` (after `npm run build`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { printTable, signInOwner, startSite } from './lib.mjs';

const RUNS = 3;

/** A 24 MP (6000 × 4000) JPEG made from one of the real test photographs. */
export async function make24mpPhoto() {
  return sharp('tests/fixtures/composition/evening-glow.jpg')
    .resize(6000, 4000, { fit: 'fill' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The accuracy table: one row per goal, from the accuracy test's own measurements. */
export function accuracyRows() {
  const dir = mkdtempSync(join(tmpdir(), 'composition-accuracy-'));
  const out = join(dir, 'rows.json');
  try {
    spawnSync('npx', ['vitest', 'run', 'src/lib/composition/analysis/accuracy.test.ts'], {
      stdio: 'ignore',
      env: { ...process.env, COMPOSITION_ACCURACY_OUT: out },
    });
    const rows = JSON.parse(readFileSync(out, 'utf8'));
    return rows.map((r) => {
      const share = r.right / r.cases;
      const met = share >= r.needed;
      return [
        `composition: ${r.measure}`,
        `${(share * 100).toFixed(1)}% (${r.right}/${r.cases})`,
        '—',
        r.needed === 0
          ? 'measured only: no goal set'
          : `goal ${r.goal}: ${met ? 'met' : `MISSED (${r.shortfall?.why ?? 'see the accuracy test'})`}`,
      ];
    });
  } catch (err) {
    return [['composition accuracy', 'not measured', '—', String(err.message ?? err)]];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Best of RUNS: the endpoint end to end (base64 upload, decode, analysis, answer) against sharp decoding alone. */
export async function timingRow(siteUrl, cookie, photo) {
  const body = JSON.stringify({ image: photo.toString('base64') });
  let site = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const res = await fetch(`${siteUrl}/api/analyze-composition`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: siteUrl, cookie },
      body,
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`analyze-composition answered ${res.status}`);
    site = Math.min(site, performance.now() - started);
  }
  let decode = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await sharp(photo).raw().toBuffer();
    decode = Math.min(decode, performance.now() - started);
  }
  return [
    `composition: 24 MP JPEG (${(photo.length / 1024 / 1024).toFixed(1)} MB) analysed through the endpoint, best of ${RUNS}`,
    `${site.toFixed(0)} ms`,
    `${decode.toFixed(0)} ms (sharp full decode)`,
    `${(site / decode).toFixed(2)}× (goal ≤ 1000 ms)`,
  ];
}

export async function benchComposition(siteUrl, cookie) {
  return [await timingRow(siteUrl, cookie, await make24mpPhoto()), ...accuracyRows()];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-composition-'));
  const env = { DATA_DIR: dataDir, OWNER_PASSWORD: 'bench-password-123' };
  const site = await startSite(env);
  try {
    printTable(await benchComposition(site.url, await signInOwner(site.url, env.OWNER_PASSWORD)));
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
