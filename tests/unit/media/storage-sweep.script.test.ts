// `npm run storage:check` as the owner runs it, on a data directory of its own: exit code 0 when
// all is in order, 1 with the orphans listed, and --fix removes them.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { withSiteDb } from '../../helpers/db';

const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-storage-check-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function check(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/storage-check.ts', ...args],
      { env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, UPLOADS_DIR: join(dataDir, 'uploads') } },
    );
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}` };
  }
}

describe('npm run storage:check', () => {
  it('exits 0 when clean, 1 listing an orphan, and removes it with --fix', async () => {
    withSiteDb(dataDir, () => undefined);
    expect(await check()).toMatchObject({ code: 0 });

    const stray = join(dataDir, 'uploads', 'objects', 'strayObject01');
    mkdirSync(join(dataDir, 'uploads', 'objects'), { recursive: true });
    writeFileSync(stray, 'video');
    const twoDaysAgo = new Date(Date.now() - 48 * 60 * 60 * 1000);
    utimesSync(stray, twoDaysAgo, twoDaysAgo);

    const found = await check();
    expect(found.code).toBe(1);
    expect(found.out).toContain(`orphan: ${stray}`);

    const fixed = await check('--fix');
    expect(fixed.code, fixed.out).toBe(0);
    expect(existsSync(stray)).toBe(false);
  }, 60_000);
});
