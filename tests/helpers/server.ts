// Starts the built server (dist/server/entry.mjs) as a child process on a free port with a
// temporary data directory, for integration tests over HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { copyDemoData } from './demo-data.mjs';
import { runFolder } from './run-folder';
import { storageEnvFor } from './test-storage';

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<number | null>;
  process: ChildProcess;
}

export async function startServer(
  env: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<RunningServer> {
  if (!existsSync('dist/server/entry.mjs')) throw new Error('Build first: npm run build');
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(runFolder(), 'wicklow-it-'));
  // On TEST_STORAGE=s3 (or STORAGE: 's3' asked for), the site's media go to a bucket of its own.
  const storage = await storageEnvFor(dataDir, env.STORAGE === 's3' ? 's3' : undefined);
  // A demo site on the local store starts from the demo data `npm test` seeded once, when it is
  // there (tests/helpers/demo-data.mjs says why); otherwise it seeds itself.
  if (env.SEED_DEMO === '1' && storage.STORAGE !== 's3') copyDemoData(dataDir);
  const child = spawn(process.execPath, ['dist/server/entry.mjs'], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      OWNER_PASSWORD: 'integration-password',
      // The site's media beside its database, so that each test's site is whole in one folder.
      UPLOADS_DIR: join(dataDir, 'uploads'),
      ...storage,
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${out}`)), timeoutMs);
    const check = () => {
      const m = out.match(/listening on (http:\/\/[\d.]+:\d+)/);
      if (m?.[1]) {
        clearTimeout(timer);
        // Searching the whole output again for every chunk would copy it each time: under load that
        // made this process read the server's stdout too slowly.
        child.stdout?.off('data', check);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with ${code}:\n${out}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    url,
    dataDir,
    output: () => out,
    process: child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** The JSON lines the server has written so far (its log), parsed. */
export function logLines<T>(site: RunningServer): T[] {
  return site
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as T);
}
