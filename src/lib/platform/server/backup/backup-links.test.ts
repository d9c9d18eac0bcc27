// A file kept under two names (a gallery photo's original is also the image module's own, one file
// hard-linked) is copied once by a backup and by a restore, and linked again, so neither takes twice
// the room.
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { copyFiles } from '~/lib/platform/server/backup/backup';

const root = mkdtempSync(join(tmpdir(), 'wicklow-links-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('copies a hard-linked file once and links the second name to the copy', () => {
  const site = join(root, 'site');
  mkdirSync(join(site, 'uploads', 'galleries'), { recursive: true });
  mkdirSync(join(site, 'uploads', 'originals'), { recursive: true });
  const photo = Buffer.alloc(300_000, 7);
  writeFileSync(join(site, 'uploads', 'galleries', 'a.jpg'), photo);
  linkSync(join(site, 'uploads', 'galleries', 'a.jpg'), join(site, 'uploads', 'originals', 'm.jpg'));
  writeFileSync(join(site, 'uploads', 'originals', 'other.jpg'), 'x');

  const backup = join(root, 'backup');
  mkdirSync(backup);
  expect(copyFiles(site, backup)).toEqual({ files: 3, bytes: photo.length + 1 });
  const [a, m] = ['galleries/a.jpg', 'originals/m.jpg'].map((p) => join(backup, 'uploads', p));
  expect(statSync(a as string).ino).toBe(statSync(m as string).ino);
  expect(readFileSync(m as string).equals(photo)).toBe(true);

  const restored = join(root, 'restored');
  mkdirSync(restored);
  expect(copyFiles(backup, restored).bytes).toBe(photo.length + 1);
  const again = ['galleries/a.jpg', 'originals/m.jpg'].map((p) => statSync(join(restored, 'uploads', p)).ino);
  expect(again[0]).toBe(again[1]);
});
