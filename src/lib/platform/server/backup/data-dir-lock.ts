// A running site marks the data directory it uses with DATA_DIR/site.lock (its process id), so that
// `npm run restore` can refuse to write under a live server. The mark never stops a site from
// starting: after a crash or a reboot the old mark names a process that is gone, or another program.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCK = 'site.lock';

/** The process id of the site using `dataDir`, or null when none is. */
export function siteUsing(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(join(dataDir, LOCK), 'utf8'), 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  // A reused process id belongs to some other program: only a node process counts.
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!/node/.test(cmdline)) return null;
  } catch {
    // No /proc (not Linux): trust the live process id.
  }
  return pid;
}

/** Marks `dataDir` as used by this process until it exits. */
export function markDataDirInUse(dataDir: string): void {
  const file = join(dataDir, LOCK);
  writeFileSync(file, `${process.pid}\n`);
  process.once('exit', () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  });
}
