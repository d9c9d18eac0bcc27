// `npm run backup [-- --to DIR]`: a consistent copy of DATA_DIR and the media folder (UPLOADS_DIR), taken while the site runs
// (src/lib/platform/server/backup.ts). By default into backups/wicklow-{time}/ beside DATA_DIR.
// To restore one: `npm run restore -- <backup folder>` (scripts/restore.ts).
import { resolve } from 'node:path';
import { backupDataDir, defaultBackupTarget } from '~/lib/platform/server/backup';
import { getConfig } from '~/lib/platform/server/config';

const at = process.argv.indexOf('--to');
const to = at > 0 ? process.argv[at + 1] : undefined;
const { dataDir, uploadsDir } = getConfig();
const target = to ? resolve(to) : defaultBackupTarget(dataDir);
try {
  const report = await backupDataDir(dataDir, target, uploadsDir);
  const rows = Object.entries(report.tables)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ');
  console.log(`Backed up ${dataDir} and the media in ${uploadsDir} to ${report.target} in ${report.ms} ms.`);
  console.log(`Database checked (integrity ok): ${rows}.`);
  console.log(`Files: ${report.files} (${(report.bytes / 1024 / 1024).toFixed(1)} MiB).`);
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
