// The import boundary: islands and lib/client never reach lib/server (server code never ships to browsers).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

function lint(path: string, source: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, source);
  try {
    return spawnSync('npx', ['biome', 'lint', path], { encoding: 'utf8' });
  } finally {
    rmSync(path, { force: true });
  }
}

describe('import boundary', () => {
  it('refuses lib/server in an island', () => {
    const run = lint(
      'src/islands/BoundaryProbe.tsx',
      "import { getDb } from '../lib/server/db';\n\nexport const x = getDb;\n",
    );
    expect(run.status).not.toBe(0);
    expect(run.stdout + run.stderr).toContain('noRestrictedImports');
  });
  it('refuses lib/server and the db schema through the import aliases', () => {
    const run = lint(
      'src/islands/BoundaryAliasProbe.tsx',
      "import { getDb } from '~/lib/server/db';\nimport { photos } from '~db/schema';\n\nexport const x = [getDb, photos];\n",
    );
    expect(run.status).not.toBe(0);
    expect((run.stdout + run.stderr).match(/noRestrictedImports/g)?.length).toBeGreaterThanOrEqual(2);
  });
  it('refuses lib/server in lib/client', () => {
    const run = lint(
      'src/lib/client/boundary-probe.ts',
      "import { getAuth } from '../server/auth';\n\nexport const x = getAuth;\n",
    );
    expect(run.status).not.toBe(0);
    expect(run.stdout + run.stderr).toContain('noRestrictedImports');
  });
  it('allows lib/shared in an island', () => {
    const run = lint(
      'src/islands/BoundaryProbe.tsx',
      "import { formatEuro } from '../lib/shared/format';\n\nexport const x = formatEuro;\n",
    );
    expect(run.stdout + run.stderr).not.toContain('noRestrictedImports');
    expect(run.status).toBe(0);
  });
});
