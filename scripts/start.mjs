// `npm start`: build when the sources are newer than the last build, then serve.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { exitIfNodeTooOld } from '../server/node-version.mjs';

exitIfNodeTooOld();

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

// A local .env file, when there is one, fills in settings not already in the environment.
if (existsSync('.env')) process.loadEnvFile('.env');

const built = existsSync('dist/server/entry.mjs') ? statSync('dist/server/entry.mjs').mtimeMs : 0;
const sources = Math.max(
  ...['src', 'server', 'demo', 'db', 'public', 'astro.config.mjs', 'package.json'].map(newest),
);
if (sources > built) {
  const run = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
await import('../dist/server/entry.mjs');
