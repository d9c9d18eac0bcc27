// The site runs on while a backup copies its folders, so a file can be listed and then be gone
// before it is copied: a mail written as `<name>.part` and renamed into place, an upload's work file
// removed. Such a file was never finished; the backup leaves it out and goes on. The moment is made
// certain here: the file is removed right after the folder is listed.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const readdir = ((path: string, options: never) => {
    const entries = fs.readdirSync(path, options) as unknown as (string | { name: string })[];
    for (const e of entries) {
      const name = typeof e === 'string' ? e : e.name;
      if (name.endsWith('.part')) fs.rmSync(join(path, name));
    }
    return entries;
  }) as typeof fs.readdirSync;
  return { ...fs, default: { ...fs, readdirSync: readdir }, readdirSync: readdir };
});

const { copyFiles } = await import('~/lib/platform/server/backup/backup');

const root = mkdtempSync(join(tmpdir(), 'wicklow-vanishing-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('leaves out a file that goes between the listing and its copy, and copies the rest', () => {
  const site = join(root, 'site');
  mkdirSync(join(site, 'outbox'), { recursive: true });
  writeFileSync(join(site, 'outbox', 'sent.eml'), 'a finished mail');
  writeFileSync(join(site, 'outbox', 'writing.eml.part'), 'half a mail');
  const backup = join(root, 'backup');
  mkdirSync(backup);
  expect(copyFiles(site, backup)).toEqual({ files: 1, bytes: 'a finished mail'.length });
  expect(readdirSync(join(backup, 'outbox'))).toEqual(['sent.eml']);
});
