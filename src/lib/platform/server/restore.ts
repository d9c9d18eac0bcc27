// Puts a backup made by `npm run backup` back into a data directory and a media folder (`npm run restore`).
// Nothing is written until the copy has proved itself: its database passes integrity_check and
// holds the rows and files its backup.json counted. It never writes into a data directory that a
// running site is using, nor over a database that is already there: the owner moves that aside
// first, so a restore can never destroy the only good copy.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { copyFiles, countRows, LEFT_OUT, uploadsInside } from './backup';
import { siteUsing } from './data-dir-lock';

export interface RestoreReport {
  from: string;
  to: string;
  createdAt: string | null;
  tables: Record<string, number>;
  files: number;
  bytes: number;
}

interface BackupManifest {
  createdAt?: string;
  tables?: Record<string, number>;
  files?: number;
}

function readManifest(backup: string): BackupManifest {
  const file = join(backup, 'backup.json');
  if (!existsSync(file))
    throw new Error(`${backup} has no backup.json: it is not a folder made by npm run backup.`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  } catch {
    throw new Error(`${file} cannot be read: the backup is damaged.`);
  }
}

/** Opens a database copy read-only, checks it, and counts its rows. */
function checkDatabase(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`The backup's database failed its integrity check: ${integrity}`);
    return countRows(db);
  } finally {
    db.close();
  }
}

function countFiles(dir: string, leftOut: ReadonlySet<string>): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (leftOut.has(entry.name)) continue;
    if (entry.isDirectory()) n += countFiles(join(dir, entry.name), leftOut);
    else if (entry.isFile()) n++;
  }
  return n;
}

const NOT_COPIED = new Set([...LEFT_OUT, 'backup.json']);

/** Whether a folder holds any file, in it or below it. */
function holdsFiles(dir: string): boolean {
  return existsSync(dir) && countFiles(dir, new Set()) > 0;
}

/**
 * Checks the backup, then copies it into `dataDir`, which must hold no database yet, and its media
 * (`backup/uploads`) into `uploadsDir`, which must hold no file yet when it is not DATA_DIR/uploads.
 */
export function restoreBackup(
  backup: string,
  dataDir: string,
  uploadsDir: string = join(dataDir, 'uploads'),
): RestoreReport {
  const database = join(backup, 'site.sqlite');
  if (!existsSync(database)) throw new Error(`${backup} has no site.sqlite: it is not a backup folder.`);
  const manifest = readManifest(backup);
  const tables = checkDatabase(database);
  for (const [table, expected] of Object.entries(manifest.tables ?? {})) {
    if (tables[table] !== expected) {
      throw new Error(
        `The backup's database holds ${tables[table] ?? 0} ${table} where backup.json counted ${expected}: the copy is not the one that was made.`,
      );
    }
  }
  const files = countFiles(backup, NOT_COPIED);
  if (manifest.files !== undefined && files !== manifest.files) {
    throw new Error(
      `The backup holds ${files} files where backup.json counted ${manifest.files}: some are missing.`,
    );
  }

  const pid = siteUsing(dataDir);
  if (pid !== null) {
    throw new Error(`A running site (process ${pid}) is using ${dataDir}. Stop it before restoring into it.`);
  }
  if (['site.sqlite', 'site.sqlite-wal'].some((f) => existsSync(join(dataDir, f)))) {
    throw new Error(
      `${dataDir} already holds a database. Move it aside (or choose an empty DATA_DIR): a restore never overwrites one.`,
    );
  }

  const apart = !uploadsInside(dataDir, uploadsDir);
  if (apart && holdsFiles(uploadsDir)) {
    throw new Error(
      `${uploadsDir} (UPLOADS_DIR) already holds files. Move them aside (or choose an empty folder): a restore never mixes two sites' media.`,
    );
  }

  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const linked = new Map<string, string>();
  const copied = copyFiles(backup, dataDir, apart ? new Set([...NOT_COPIED, 'uploads']) : NOT_COPIED, linked);
  if (apart && existsSync(join(backup, 'uploads'))) {
    mkdirSync(uploadsDir, { recursive: true, mode: 0o700 });
    const media = copyFiles(join(backup, 'uploads'), uploadsDir, new Set(), linked);
    copied.files += media.files;
    copied.bytes += media.bytes;
  }
  // The database goes in last, under a temporary name renamed into place: a restore cut short
  // leaves no database that looks complete.
  const partial = join(dataDir, 'site.sqlite.restoring');
  const source = new Database(database, { readonly: true, fileMustExist: true });
  try {
    source.exec(`vacuum into '${partial.replaceAll("'", "''")}'`);
  } finally {
    source.close();
  }
  checkDatabase(partial);
  renameSync(partial, join(dataDir, 'site.sqlite'));
  return {
    from: backup,
    to: dataDir,
    createdAt: manifest.createdAt ?? null,
    tables,
    files: copied.files,
    bytes: copied.bytes,
  };
}
