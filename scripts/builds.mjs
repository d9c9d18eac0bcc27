// The build folders beside the running site: `dist` is a symbolic link to one of builds/<time>/,
// switched in one rename(2), and old builds are removed except those that may still be running.
// Used by scripts/build.mjs (`npm run build`); why builds are kept apart is in that file.
import {
  existsSync,
  lstatSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { join } from 'node:path';

/** How many of the newest builds are always kept: the new one, the one before, and one more. */
export const KEEP = 3;

/** A folder name that sorts by time: 2026-11-28T05-40-12-345Z. */
export const stamp = (date) => date.toISOString().replace(/[:.]/g, '-');

/** The build folder a link names (relative to the link's folder), or undefined when it is no link. */
export function linkTarget(link) {
  try {
    return readlinkSync(link);
  } catch {
    return undefined;
  }
}

/**
 * Points `link` at `target` (a folder name relative to the link's folder). A new link is made beside
 * the old one and renamed over it, so the link always names a whole build, the old or the new one.
 * A real folder in the link's place (a build from before builds/ existed) is first moved into
 * `builds`, named after its time, so that it is removed like any old build.
 */
export function switchLink(link, target, builds) {
  if (existsSync(link) && !lstatSync(link).isSymbolicLink()) {
    renameSync(link, join(builds, stamp(statSync(link).mtime)));
  }
  const next = `${link}.next-${process.pid}`;
  rmSync(next, { force: true });
  symlinkSync(target, next, 'dir');
  renameSync(next, link);
}

/** Whether the process is alive (EPERM: it is, under another user). */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Whether a live server has marked the build as its own (server/build-in-use.ts); stale marks go. */
function inUse(build) {
  const marks = join(build, 'running');
  if (!existsSync(marks)) return false;
  let used = false;
  for (const name of readdirSync(marks)) {
    if (alive(Number(name))) used = true;
    else rmSync(join(marks, name), { force: true });
  }
  return used;
}

/**
 * Removes the builds under `builds` but the newest KEEP, those named in `keep` (as `builds/<name>`,
 * the way the link names them) and those a live server has marked. Returns the removed ones.
 */
export function pruneBuilds(builds, keep) {
  const all = readdirSync(builds)
    .map((name) => join(builds, name))
    .filter((path) => lstatSync(path).isDirectory())
    .sort()
    .reverse();
  const removed = [];
  for (const [index, build] of all.entries()) {
    if (index < KEEP || keep.includes(build) || inUse(build)) continue;
    rmSync(build, { recursive: true, force: true });
    removed.push(build);
  }
  return removed;
}
