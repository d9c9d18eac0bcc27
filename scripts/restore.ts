// `npm run restore -- <backup folder> [--allow-missing]`: checks a backup made by `npm run backup`
// and copies it into DATA_DIR, which must hold no database and must not be in use by a running site
// (src/lib/platform/server/backup/restore.ts). Then start the site with the same DATA_DIR. A backup of a
// site on S3 holds the list of the bucket's objects: the configured bucket (STORAGE=s3, S3_*) must
// still hold each of them, or the restore is refused naming them, unless --allow-missing.
import { resolve } from 'node:path';
import { missingObjectsSentence, restoreSite } from '~/lib/platform/server/backup/restore';
import { getConfig } from '~/lib/platform/server/config';
import { getStorage } from '~/lib/platform/server/storage/object-store';

const folder = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (!folder) {
  console.error(
    'Usage: npm run restore -- <backup folder> [--allow-missing]   (restores into DATA_DIR, default ./data)',
  );
  process.exit(2);
}
try {
  const { dataDir, uploadsDir } = getConfig();
  const report = await restoreSite(resolve(folder), dataDir, uploadsDir, {
    store: getStorage(),
    allowMissing: process.argv.includes('--allow-missing'),
  });
  const rows = Object.entries(report.tables)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ');
  console.log(
    `Restored ${report.from}${report.createdAt ? ` (taken ${report.createdAt})` : ''} into ${report.to}.`,
  );
  console.log(`Database checked (integrity ok): ${rows}.`);
  console.log(`Files: ${report.files} (${(report.bytes / 1024 / 1024).toFixed(1)} MiB).`);
  const objects = report.objects;
  if (!objects) console.log(`Media restored into ${uploadsDir}.`);
  else if (objects.present === objects.listed) {
    console.log(
      `Media: all ${objects.listed} objects the backup lists are in the S3 bucket ${objects.bucket}.`,
    );
  } else console.log(`Restored with --allow-missing. ${missingObjectsSentence(objects)}`);
  console.log(`Start the site with DATA_DIR=${report.to} UPLOADS_DIR=${uploadsDir} to use it.`);
} catch (err) {
  console.error(`Restore refused: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
