// `npm run backup [-- --to DIR]`: a consistent copy of DATA_DIR and the media folder (UPLOADS_DIR), taken while the site runs
// (src/lib/platform/server/backup/backup.ts). By default into backups/wicklow-{time}/ beside DATA_DIR.
// With STORAGE=s3 the media stay in the bucket: the backup lists their keys, sizes and ETags.
// To restore one: `npm run restore -- <backup folder>` (scripts/restore.ts).
import { resolve } from 'node:path';
import { backupDataDir, defaultBackupTarget, siteBucket } from '~/lib/platform/server/backup/backup';
import { getConfig } from '~/lib/platform/server/config';

const at = process.argv.indexOf('--to');
const to = at > 0 ? process.argv[at + 1] : undefined;
const { dataDir, uploadsDir } = getConfig();
const target = to ? resolve(to) : defaultBackupTarget(dataDir);
try {
  const bucket = siteBucket();
  const report = await backupDataDir(dataDir, target, uploadsDir, bucket);
  const rows = Object.entries(report.tables)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ');
  const media = bucket
    ? `the list of the media in the S3 bucket ${bucket.bucket}`
    : `the media in ${uploadsDir}`;
  console.log(`Backed up ${dataDir} and ${media} to ${report.target} in ${report.ms} ms.`);
  console.log(`Database checked (integrity ok): ${rows}.`);
  console.log(`Files: ${report.files} (${(report.bytes / 1024 / 1024).toFixed(1)} MiB).`);
  if (report.store) {
    console.log(
      `Objects in the bucket, listed but not copied: ${report.store.objects} (${(report.store.bytes / 1024 / 1024).toFixed(1)} MiB). Keep the bucket's own copies (versioning or a replica): a restore checks they are still there.`,
    );
  }
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
