// The bench row of a lab's print file: a 24 MP original made into the file of a 16×24 in print at
// 300 dpi (4800×7200, turned to the photo's landscape), one at a time, three times, by the lab's
// module (print-file.server.ts) beside sharp alone doing the same resize and encode, each in a
// process of its own (print-file-child.ts) so that its peak memory is its own. Goal: ≤ 3 s and a
// peak of ≤ 600 MB. `printFileRows(jpeg)` returns the row; `node scripts/bench/print-file.mjs`
// prints it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { met, printTable } from './lib.mjs';

const RUNS = 3;

function side(name, input, dir) {
  const run = spawnSync(
    'node_modules/.bin/tsx',
    ['scripts/bench/print-file-child.ts', JSON.stringify({ side: name, input, dir, runs: RUNS })],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`print-file bench (${name}) failed: ${run.stderr}`);
  const out = JSON.parse(run.stdout.trim().split('\n').pop());
  return { best: Math.min(...out.ms), peak: out.peakRssMiB };
}

export async function printFileRows(jpeg) {
  const dir = mkdtempSync(join(tmpdir(), 'wicklow-bench-print-'));
  try {
    const input = join(dir, 'original-24mp.jpg');
    writeFileSync(input, jpeg);
    const base = side('sharp', input, dir);
    const site = side('site', input, dir);
    return [
      [
        `lab print file of a 24 MP original at 4800×7200 (fill, sRGB, JPEG 92 4:4:4, streamed; best of ${RUNS}, one at a time)`,
        `${site.best.toFixed(0)} ms, peak ${site.peak.toFixed(0)} MiB`,
        `${base.best.toFixed(0)} ms, peak ${base.peak.toFixed(0)} MiB (sharp alone, same resize and encode)`,
        `${(site.best / base.best).toFixed(2)}×`,
        '≤ 3,000 ms; peak ≤ 600 MB',
        met(site.best <= 3000 && site.peak * 1024 * 1024 <= 600 * 1000 * 1000),
      ],
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { make24mp } = await import('./upload.mjs');
  printTable(await printFileRows(await make24mp()));
}
