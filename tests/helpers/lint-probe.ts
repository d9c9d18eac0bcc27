// A file written into the tree for one Biome lint run and removed: how the import rules of
// biome.json are probed (an import a rule refuses must fail the lint, one it allows must pass).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export function lintProbe(path: string, source: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, source);
  try {
    const run = spawnSync('npx', ['biome', 'lint', path], { encoding: 'utf8' });
    return { status: run.status, output: run.stdout + run.stderr };
  } finally {
    rmSync(path, { force: true });
  }
}

/** How many imports of the probe Biome refused. */
export const refused = (output: string) => output.match(/noRestrictedImports/g)?.length ?? 0;
