// One side of the print-file bench row, in a process of its own so that its peak memory is its
// own: `site` makes the print file with the lab's module (renderPrintFile), `sharp` does the same
// resize and encode with sharp alone, the baseline. Run with tsx (the `~/` imports); argument: a
// JSON { side, input, dir, runs }; prints { ms: [...], peakRssMiB }.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { renderPrintFile } from '~/lib/lab/print-file.server';

const { side, input, dir, runs } = JSON.parse(process.argv[2] ?? '{}') as {
  side: 'site' | 'sharp';
  input: string;
  dir: string;
  runs: number;
};
const area = { widthPx: 4800, heightPx: 7200 };
const ms: number[] = [];
for (let i = 0; i < runs; i++) {
  const output = join(dir, `${side}-${i}.jpg`);
  const started = performance.now();
  if (side === 'site') await renderPrintFile(input, output, area, 'fillPrintArea');
  else
    await sharp(input)
      .resize(7200, 4800, { fit: 'cover' })
      .jpeg({ quality: 92, chromaSubsampling: '4:4:4', optimiseCoding: false })
      .toFile(output);
  ms.push(performance.now() - started);
}
const peak = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
process.stdout.write(`${JSON.stringify({ ms, peakRssMiB: peak })}\n`);
