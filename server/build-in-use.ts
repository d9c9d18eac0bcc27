// Marks the build this server runs as in use while the process lives: an empty file,
// <build>/running/<pid>. `npm run build` (scripts/build.mjs) removes old build folders, and never
// one with the mark of a live process. Where the code is read-only (the systemd unit keeps it so),
// nothing is marked, and the build script's rule of keeping the newest three builds holds alone.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function markBuildInUse(buildDir: string): void {
  const marks = join(buildDir, 'running');
  const mark = join(marks, String(process.pid));
  try {
    mkdirSync(marks, { recursive: true });
    writeFileSync(mark, '');
  } catch {
    return;
  }
  process.on('exit', () => rmSync(mark, { force: true }));
}
