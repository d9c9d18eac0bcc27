// The demo content, seeded once for a test run and copied into each test site that asks for it.
//
// Seeding draws the demo photos at start, and the site then makes their AVIF ladders in the
// background: about 100 s of CPU on this machine's two cores. Every test site started with
// SEED_DEMO=1 (the browser tests' sites, the purchase and editions specs, the home page's round
// trip, ...) used to pay that again, while the other tests ran beside it. `npm test` now seeds once,
// right after the build (`node tests/helpers/demo-data.mjs`), and such sites start from a copy of
// that data folder with their ladders already made. A site still seeds itself, as a real one does,
// when there is no copy or the copy was made from other sources; and on S3, whose media live in a
// bucket rather than in the folder.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { waitForMediaQueue } from '../../scripts/bench/lib.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HOME = join(ROOT, 'test-results/demo-data');
const SITE = join(HOME, 'site');
const MADE_FROM = join(HOME, 'made-from-sources');
const SOURCES = ['src', 'server', 'db', 'demo'];

let sourcesSeen;
/**
 * The code the demo data comes from (the schema, the seed, the image ladders: the site's sources),
 * as a hash of its files, tests left out. Not the build: two builds of the same code differ (a test
 * of upgrades builds it again mid-run), and a site applies the migrations a copy lacks anyway.
 */
function currentSources() {
  if (sourcesSeen !== undefined) return sourcesSeen;
  const hash = createHash('sha256');
  for (const folder of SOURCES) {
    const root = join(ROOT, folder);
    const files = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile() && !/\.test\.tsx?$/.test(f.name))
      .map((f) => join(f.parentPath, f.name))
      .sort();
    for (const file of files) hash.update(relative(ROOT, file)).update(readFileSync(file));
  }
  sourcesSeen = hash.digest('hex');
  return sourcesSeen;
}

/** Whether a copy of the demo data seeded from the current sources is there to be had. */
export function demoDataReady() {
  return existsSync(MADE_FROM) && readFileSync(MADE_FROM, 'utf8') === currentSources();
}

/**
 * Fills an empty data folder (its media in `uploads/` inside it) with the seeded demo data.
 * Returns false, and leaves the folder alone, when it already holds a site or no copy is ready.
 */
export function copyDemoData(dataDir) {
  if (!demoDataReady() || existsSync(join(dataDir, 'site.sqlite'))) return false;
  mkdirSync(dataDir, { recursive: true });
  cpSync(SITE, dataDir, { recursive: true });
  return true;
}

/** Starts the built server on the folder, waits for its seed and its AVIF queue, and stops it. */
async function seedOnce() {
  if (!existsSync(join(ROOT, 'dist/server/entry.mjs'))) throw new Error('Build first: npm run build');
  rmSync(HOME, { recursive: true, force: true });
  mkdirSync(SITE, { recursive: true });
  const started = Date.now();
  const child = spawn(process.execPath, [join(ROOT, 'dist/server/entry.mjs')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: SITE,
      UPLOADS_DIR: join(SITE, 'uploads'),
      SEED_DEMO: '1',
      OWNER_EMAIL: 'demo-data-owner@example.invalid',
      OWNER_PASSWORD: 'demo-data-password',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((done) => child.on('exit', done));
  await new Promise((done, fail) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (/listening on http/.test(out)) done();
    });
    child.on('exit', (code) => fail(new Error(`The server stopped (${code}) before it listened:\n${out}`)));
  });
  await waitForMediaQueue(join(SITE, 'site.sqlite'), { quiet: true });
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`The server stopped with ${code}`);
  forgetOwner(join(SITE, 'site.sqlite'));
  rmSync(join(SITE, 'site.lock'), { force: true });
  writeFileSync(MADE_FROM, currentSources());
  console.log(`Demo data seeded once for the tests in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/**
 * Removes the seeding server's owner account, so that each site made from the copy creates its own
 * owner from its own OWNER_EMAIL and OWNER_PASSWORD, as a new installation does.
 */
function forgetOwner(file) {
  const db = new Database(file);
  try {
    db.pragma('foreign_keys = ON');
    db.transaction(() => {
      db.prepare('delete from sessions').run();
      db.prepare('delete from accounts').run();
      db.prepare('delete from users').run();
    })();
    const broken = db.pragma('foreign_key_check');
    if (broken.length > 0) throw new Error(`Removing the owner broke references: ${JSON.stringify(broken)}`);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) await seedOnce();
