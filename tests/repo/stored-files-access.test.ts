// Every stored file is reached through the one store (object-store.ts), by key: a walk of the
// source tree fails when a module builds the path of a stored file itself, or when a module that
// is not known (below, each with what it uses the file system for) starts using the file system.
// A module that must use it adds itself here with its reason, so the rule is seen in review.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const ROOTS = ['src', 'server'];

/** The modules that may import node:fs, and what for. None of them reads or writes a stored file by path. */
const FILE_SYSTEM_USERS: Record<string, string> = {
  'src/lib/platform/server/storage/storage.ts': 'the store’s folders and keys, tmp/ work files',
  'src/lib/platform/server/storage/storage-local.ts': 'the local driver itself',
  'src/lib/platform/server/storage/storage-s3.ts': 'a { file } body streamed into the bucket',
  'src/lib/platform/server/storage/object-store.ts':
    'storeFile and withLocalCopy: tmp/ files in and out of the store',
  'src/lib/platform/server/storage/send-file.ts':
    'serves a file by the path the local driver gave (localPath)',
  'src/lib/platform/server/http/recycled-chunks.ts':
    'reads a download by the path the local driver gave (localPath) into reused buffers',
  'src/lib/platform/server/storage/resumable-uploads.ts':
    'gallery uploads in progress in UPLOADS_DIR/tus (local store)',
  'src/lib/platform/server/config.ts': 'the data directory and the site secret in it',
  'src/lib/platform/server/db.ts': 'the database file',
  'src/lib/platform/server/backup/data-dir-lock.ts': 'the site.lock mark in the data directory',
  'src/lib/platform/server/grouped-commits.ts': 'the database (write-ahead log checks)',
  'src/lib/platform/server/mail/mail.ts': 'the outbox folder when no SMTP is set',
  'src/lib/platform/server/backup/backup.ts': 'copies the data directory (and the local driver’s folder)',
  'src/lib/platform/server/backup/restore.ts':
    'copies a backup into the data directory (and the local folder)',
  'server/static-assets.ts': 'the built assets in dist/client',
  'server/build-in-use.ts': 'the running/<pid> mark in the build folder this server runs',
  'server/seed/demo-images.ts': 'the demo drawings’ cache in node_modules/.cache',
  'server/seed/demo-video.ts': 'the demo clip made in tmp/ before it is stored',
  'src/lib/media/images.server.ts':
    'tmp/ inputs of sharp (an upload being processed), and the local galleries/ folder made 0700',
  'src/lib/media/private-derivatives.server.ts':
    'removes the emptied public folder by the path the local driver gave (localPath)',
  'src/lib/media/receive.server.ts': 'an upload’s body written to tmp/',
  'src/lib/media/uploads.server.ts': 'an upload in tmp/ checked and removed',
  'src/lib/media/video/process-video.server.ts': 'ffmpeg’s tmp/ output',
  'src/lib/media/video/video-metadata.server.ts': 'ffmpeg’s tmp/ output',
  'src/lib/media/storage-check.server.ts': 'tmp/ leftovers, and local files’ ages',
  'src/lib/media/storage-sweep.server.ts': 'tmp/ leftovers',
  'src/lib/media/stored-age.server.ts': 'a local file’s age (its mtime)',
  'src/lib/galleries/gallery-store.server.ts': 'the tus folder of uploads in progress',
  'src/lib/galleries/gallery-processing.server.ts': 'a finished tus upload and tmp/ copies',
  'src/lib/galleries/gallery-downloads.server.ts':
    'reads a file by the path the local driver gave (localPath)',
  'src/lib/galleries/gallery-video-preview.server.ts': 'ffmpeg’s tmp/ watermark input and output',
  'src/lib/lab/print-file.server.ts': 'sharp’s tmp/ output of a print file, and its MD5',
  'src/lib/galleries/gallery-location.server.ts': 'reads a JPEG’s head from a local path or a tmp/ copy',
  'src/lib/visits/country.server.ts': 'the country database that comes with its npm package, read once',
};

/** Where stored files are named by path: only the store's own modules may call these. */
const PATH_BUILDERS =
  /\b(originalPath|derivativePath|mediaDir|objectPath|galleryOriginalPath|findOriginal)\(/;
const STORE_MODULES = new Set([
  'src/lib/platform/server/storage/storage.ts',
  'src/lib/platform/server/storage/storage-local.ts',
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    // A unit test beside its module writes fixtures where it likes; the rule is for the site's code.
    if (/\.test\.tsx?$/.test(entry.name)) return [];
    return /\.(ts|tsx|mjs|astro)$/.test(entry.name) ? [path] : [];
  });
}

const files = ROOTS.flatMap((root) => sources(root)).map((path) => ({
  path: relative('.', path),
  text: readFileSync(path, 'utf8'),
}));

it('finds the sources', () => {
  expect(files.length).toBeGreaterThan(300);
});

it('lets only the known modules use the file system', () => {
  const users = files
    .filter((f) => /from ['"](node:)?fs(\/promises)?['"]|require\(['"](node:)?fs/.test(f.text))
    .map((f) => f.path)
    .sort();
  expect(users.filter((p) => !(p in FILE_SYSTEM_USERS))).toEqual([]);
  // A module that stopped using it leaves the list, so the list stays true.
  expect(Object.keys(FILE_SYSTEM_USERS).filter((p) => !users.includes(p))).toEqual([]);
});

it('builds the path of a stored file only in the store', () => {
  const builders = files
    .filter((f) => !STORE_MODULES.has(f.path) && PATH_BUILDERS.test(f.text.replace(/^\s*(\/\/|\*).*$/gm, '')))
    .map((f) => f.path);
  expect(builders).toEqual([]);
});
