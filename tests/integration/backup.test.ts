// `npm run backup` (src/lib/server/backup.ts): a copy taken while the site runs and takes writes is
// consistent, holds the photos, orders' tables, uploads and the auth secret, and a site started on
// it serves the same photos and lets the owner sign in.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDataDir } from '~/lib/server/backup';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let site: RunningServer;
let restored: RunningServer | undefined;
let photo: { id: string; title: string; imageUrl: string };
const backups = mkdtempSync(join(tmpdir(), 'wicklow-backups-'));

const contact = (i: number) =>
  fetch(`${site.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify({
      firstName: 'Ciara',
      lastName: 'Walsh',
      email: `ciara-${i}@example.ie`,
      message: `Backup test message ${i}`,
    }),
  });

beforeAll(async () => {
  site = await startServer();
  const cookie = await signIn(site.url);
  const jpeg = await sharp({ create: { width: 1400, height: 900, channels: 3, background: '#50708a' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('title', 'Backed Up Lough');
  form.set('category', 'mountains');
  form.set('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'lough.jpg');
  const res = await fetch(`${site.url}/api/admin/photos`, {
    method: 'POST',
    body: form,
    headers: { cookie, origin: site.url },
  });
  expect(res.status).toBe(201);
  photo = await res.json();
  expect((await contact(0)).status).toBeLessThan(400);
});

afterAll(async () => {
  await restored?.stop();
  await site?.stop();
});

describe('npm run backup', () => {
  it('copies a consistent database while the site takes writes, with the uploads and the secret', async () => {
    // Writes go on while the copy is taken.
    const writes = Promise.all([1, 2, 3].map(contact));
    const report = await backupDataDir(site.dataDir, join(backups, 'first'));
    await writes;
    expect(report.tables.photos).toBe(1);
    expect(report.tables.product_variants).toBe(6);
    expect(report.tables.contact_inquiries).toBeGreaterThanOrEqual(1);
    expect(report.files).toBeGreaterThan(5);
    const target = join(backups, 'first');
    expect(existsSync(join(target, 'site.sqlite-wal'))).toBe(false);
    expect(readFileSync(join(target, 'auth-secret'), 'utf8')).toBe(
      readFileSync(join(site.dataDir, 'auth-secret'), 'utf8'),
    );
    expect(statSync(join(target, 'uploads', 'originals')).mode & 0o777).toBe(0o700);
    expect(existsSync(join(target, 'uploads', 'tmp'))).toBe(false);
    expect(JSON.parse(readFileSync(join(target, 'backup.json'), 'utf8'))).toMatchObject({
      tables: { photos: 1 },
    });
    await expect(backupDataDir(site.dataDir, target)).rejects.toThrow(/never overwrites/);
  });

  it('runs from the command line and says what it copied', () => {
    const target = join(backups, 'cli');
    const run = spawnSync('npx', ['tsx', 'scripts/backup.ts', '--to', target], {
      env: { ...process.env, DATA_DIR: site.dataDir },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Database checked \(integrity ok\): 1 photos/);
    const refused = spawnSync('npx', ['tsx', 'scripts/backup.ts', '--to', target], {
      env: { ...process.env, DATA_DIR: site.dataDir },
      encoding: 'utf8',
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/Backup failed: .* already exists/);
  });

  it('restores: a site started on the copy serves the photo and lets the owner sign in', async () => {
    restored = await startServer({ DATA_DIR: join(backups, 'first') });
    const photos = (await (await fetch(`${restored.url}/api/photos`)).json()) as { title: string }[];
    expect(photos.map((p) => p.title)).toContain('Backed Up Lough');
    const image = await fetch(`${restored.url}${photo.imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(await signIn(restored.url)).toContain('session_token');
  });
});
