// `npm run storage:check [-- --fix]`: lists the stored objects that no record uses (originals,
// derivatives, objects, gallery files, old partial files) and the records whose files are missing,
// in the DATA_DIR and the store (UPLOADS_DIR, or the S3 bucket with STORAGE=s3) the server uses.
// Each orphan is named by its key, with its path on this machine when it is on disk. Exits 0 when all is in order, 1 when it found something. With --fix
// it removes the orphan files and exits 0 unless a record's file is missing (that one cannot be
// made again here: upload the picture or video again in the admin). On S3 it also asks
// MEDIA_PUBLIC_URL for one private object of each kind, and for a listing of the bucket, as a
// stranger would: one served there is reported and the check fails until the CDN or bucket
// serves only media/ and objects/.

import { exposedPrivateObjects } from '~/lib/media/public-exposure.server';
import { checkStorage, removeOrphans } from '~/lib/media/storage-check.server';
import { getConfig } from '~/lib/platform/server/config';
import { closeDb, getDb } from '~/lib/platform/server/db';

const fix = process.argv.includes('--fix');
const { dataDir, uploadsDir, storage } = getConfig();
const where =
  storage.driver === 's3'
    ? `${dataDir} and the S3 bucket ${storage.s3.bucket}`
    : `${dataDir} (${uploadsDir})`;
try {
  const report = await checkStorage(getDb(), dataDir);
  for (const o of report.orphans) console.log(`orphan: ${o.key}${o.path ? ` (${o.path})` : ''}`);
  for (const m of report.missing) console.log(`missing: ${m.record} needs ${m.wants}`);
  const exposed = await exposedPrivateObjects();
  for (const { url, what } of exposed)
    console.log(
      `exposed: ${url} ${what === 'listing' ? "lists the bucket's keys" : 'is served'} to anyone. MEDIA_PUBLIC_URL must serve only media/ and objects/ (see the README, Media on S3-compatible storage).`,
    );
  const fixed = fix && report.orphans.length > 0 ? await removeOrphans(report) : 0;
  if (fixed > 0) console.log(`Removed ${fixed} orphan file${fixed === 1 ? '' : 's'}.`);
  const orphansLeft = report.orphans.length - fixed;
  const clean = orphansLeft === 0 && report.missing.length === 0 && exposed.length === 0;
  console.log(
    clean
      ? `Storage of ${where} is in order: every file is used and every record's files are there.`
      : `Storage of ${where}: ${orphansLeft} orphan${orphansLeft === 1 ? '' : 's'}, ${report.missing.length} record${report.missing.length === 1 ? '' : 's'} with missing files${exposed.length ? ', private objects served publicly' : ''}.`,
  );
  closeDb();
  process.exit(clean ? 0 : 1);
} catch (err) {
  console.error(`The storage check failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}
