// `npm run storage:move -- --to s3` or `-- --to local`: copies every stored object from the store
// the site uses now (STORAGE) into the other one, checking each copy, then says which setting to
// change (src/lib/platform/server/storage/storage-move.ts). --to s3 needs the S3_* settings and
// MEDIA_PUBLIC_URL set and valid while STORAGE=local; --to local copies the bucket into UPLOADS_DIR.
// The source is never changed, so the site may keep running: run it again after stopping the site
// to copy what was written meanwhile (objects already copied are skipped). Ctrl-C stops it after
// the objects under way; running it again goes on from there. Exits 1 if any object failed.
import { mkdirSync } from 'node:fs';
import { buildConfig, ConfigError, getConfig, parseEnv } from '~/lib/platform/server/config';
import { closeDb, getDb } from '~/lib/platform/server/db';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { storagePaths } from '~/lib/platform/server/storage/storage';
import { localDriver } from '~/lib/platform/server/storage/storage-local';
import { moveObjects, putOptionsFrom } from '~/lib/platform/server/storage/storage-move';
import { s3Driver } from '~/lib/platform/server/storage/storage-s3';

const at = process.argv.indexOf('--to');
const to = at > 0 ? process.argv[at + 1] : undefined;
if (to !== 's3' && to !== 'local') {
  console.error('Usage: npm run storage:move -- --to s3   (or --to local)');
  process.exit(2);
}

function fail(message: string): never {
  console.error(`storage:move refused: ${message}`);
  process.exit(2);
}

let config: ReturnType<typeof getConfig>;
try {
  config = getConfig();
} catch (err) {
  fail(err instanceof ConfigError ? err.message : String(err));
}
const current = config.storage.driver;
if (current === to) {
  fail(
    `the site already keeps its media ${to === 's3' ? 'in S3 (STORAGE=s3)' : 'on this machine (STORAGE=local)'}. Run it with the STORAGE the site uses now.`,
  );
}

function bucketSettings() {
  try {
    const settings = buildConfig(parseEnv({ ...process.env, STORAGE: 's3' })).storage;
    if (settings.driver !== 's3') throw new Error('STORAGE=s3 gave no S3 settings');
    return settings;
  } catch (err) {
    fail(
      `--to s3 needs the bucket's settings while STORAGE=local. ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

const from = getStorage();
let target: ReturnType<typeof getStorage>;
let where: string;
if (to === 's3') {
  const { s3 } = bucketSettings();
  target = s3Driver(s3);
  where = `the S3 bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ''}`;
} else {
  target = localDriver(config.uploadsDir);
  where = config.uploadsDir;
  // The private folders are made as the site makes them (0700) before the first copy lands there.
  storagePaths();
  mkdirSync(target.localPath('galleries') as string, { recursive: true, mode: 0o700 });
}

const stop = new AbortController();
process.once('SIGINT', () => {
  console.log('Stopping after the objects under way (Ctrl-C again stops at once)…');
  stop.abort();
  process.once('SIGINT', () => process.exit(130));
});

console.log(
  `Copying every stored object from ${current === 's3' ? 'the S3 bucket' : config.uploadsDir} to ${where}…`,
);
const db = getDb();
const report = await moveObjects(from, target, {
  putOptionsOf: putOptionsFrom(db),
  signal: stop.signal,
  onObject: (event) => {
    if (event.outcome === 'failed') console.log(`failed: ${event.key}: ${event.reason}`);
    else
      console.log(
        `${event.outcome}: ${event.key}${event.outcome === 'copied' ? ` (${event.bytes} bytes)` : ''}`,
      );
  },
});
closeDb();
const { copied, skipped, failed, bytes, seconds } = report;
console.log(
  `Copied ${copied}, skipped ${skipped} (already there, same size and sha256), failed ${failed.length}: ${(bytes / 1024 / 1024).toFixed(1)} MiB in ${seconds.toFixed(1)} s.`,
);
if (report.stopped) {
  console.log('Stopped before the end: run the same command again to copy what is left.');
  process.exit(130);
}
if (failed.length > 0) {
  console.log(
    'Some objects were not copied (listed above): run the same command again once the cause is fixed.',
  );
  process.exit(1);
}
console.log(
  to === 's3'
    ? 'Every object is in the bucket. Now set STORAGE=s3 (keeping the S3_* settings and MEDIA_PUBLIC_URL) and restart the site.'
    : `Every object is in ${where}. Now set STORAGE=local (with UPLOADS_DIR=${where}) and restart the site.`,
);
