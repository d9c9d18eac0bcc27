// The build folders beside the running site (scripts/builds.mjs): `dist` is switched to a new build
// in one rename, a process that resolved the old build keeps reading it, and old builds are removed
// except the newest three, the one `dist` named before, and any a live server has marked.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { KEEP, pruneBuilds, switchLink } from './builds.mjs';

let root: string;
let builds: string;
let dist: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'wicklow-builds-'));
  builds = join(root, 'builds');
  dist = join(root, 'dist');
  mkdirSync(builds);
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A build folder with one file that says which build it is; its name as the link names it. */
function makeBuild(name: string): string {
  mkdirSync(join(builds, name, 'server'), { recursive: true });
  writeFileSync(join(builds, name, 'server/entry.mjs'), name);
  return `builds/${name}`;
}

/** A process id that is surely not alive: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
  return child.pid as number;
}

it('switches dist to the new build while a process that resolved the old one keeps reading it', () => {
  switchLink(dist, makeBuild('2026-01-01T00-00-00-000Z'), builds);
  const running = realpathSync(dist);
  switchLink(dist, makeBuild('2026-01-02T00-00-00-000Z'), builds);
  expect(readlinkSync(dist)).toBe('builds/2026-01-02T00-00-00-000Z');
  expect(readFileSync(join(dist, 'server/entry.mjs'), 'utf8')).toBe('2026-01-02T00-00-00-000Z');
  expect(readFileSync(join(running, 'server/entry.mjs'), 'utf8')).toBe('2026-01-01T00-00-00-000Z');
  // No temporary link is left beside it.
  expect(readdirSync(root).sort()).toEqual(['builds', 'dist']);
});

it('moves a dist folder from before builds/ existed into builds/ and links dist in its place', () => {
  mkdirSync(join(dist, 'server'), { recursive: true });
  writeFileSync(join(dist, 'server/entry.mjs'), 'old');
  switchLink(dist, makeBuild('2026-01-02T00-00-00-000Z'), builds);
  expect(readlinkSync(dist)).toBe('builds/2026-01-02T00-00-00-000Z');
  const moved = readdirSync(builds).filter((name) => name !== '2026-01-02T00-00-00-000Z');
  expect(moved).toHaveLength(1);
  expect(readFileSync(join(builds, moved[0] as string, 'server/entry.mjs'), 'utf8')).toBe('old');
});

it('removes old builds but the newest three, the one dist named before and those a live server marked', () => {
  const names = Array.from({ length: 7 }, (_, i) => `2026-01-0${i + 1}T00-00-00-000Z`);
  for (const name of names) makeBuild(name);
  const [oldest, marked, stale, previous, ...newest] = names.map((name) => join(builds, name));
  mkdirSync(join(marked as string, 'running'));
  writeFileSync(join(marked as string, 'running', String(process.pid)), '');
  mkdirSync(join(stale as string, 'running'));
  writeFileSync(join(stale as string, 'running', String(deadPid())), '');
  expect(newest).toHaveLength(KEEP);

  const removed = pruneBuilds(builds, [newest.at(-1), previous]);

  expect(removed.sort()).toEqual([oldest, stale].sort());
  expect(existsSync(marked as string)).toBe(true);
  expect(existsSync(previous as string)).toBe(true);
  for (const build of newest) expect(existsSync(build as string)).toBe(true);
});
