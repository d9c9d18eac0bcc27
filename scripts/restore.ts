// `npm run restore -- <backup folder>`: checks a backup made by `npm run backup` and copies it into
// DATA_DIR, which must hold no database and must not be in use by a running site
// (src/lib/platform/server/restore.ts). Then start the site with the same DATA_DIR.
import { resolve } from 'node:path';
import { getConfig } from '~/lib/platform/server/config';
import { restoreBackup } from '~/lib/platform/server/restore';

const folder = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (!folder) {
  console.error('Usage: npm run restore -- <backup folder>   (restores into DATA_DIR, default ./data)');
  process.exit(2);
}
try {
  const { dataDir, uploadsDir } = getConfig();
  const report = restoreBackup(resolve(folder), dataDir, uploadsDir);
  const rows = Object.entries(report.tables)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ');
  console.log(
    `Restored ${report.from}${report.createdAt ? ` (taken ${report.createdAt})` : ''} into ${report.to}.`,
  );
  console.log(`Database checked (integrity ok): ${rows}.`);
  console.log(`Files: ${report.files} (${(report.bytes / 1024 / 1024).toFixed(1)} MiB).`);
  console.log(`Media restored into ${uploadsDir}.`);
  console.log(`Start the site with DATA_DIR=${report.to} UPLOADS_DIR=${uploadsDir} to use it.`);
} catch (err) {
  console.error(`Restore refused: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
