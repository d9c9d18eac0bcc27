// Code a test runs itself against a test site's store: this process's config pointed at the site
// whose data directory it is (its DATA_DIR, its media folder, its bucket on S3, or on the store
// asked for) for the time `fn` runs, then put back.
import { join } from 'node:path';
import { resetConfigForTests } from '~/lib/platform/server/config';
import { STORAGE_VARIABLES, storageEnvFor, testStorage } from './test-storage';

export async function inSiteStore<T>(
  dataDir: string,
  fn: () => Promise<T>,
  storage: 'local' | 's3' = testStorage(),
): Promise<T> {
  const names = ['DATA_DIR', 'UPLOADS_DIR', ...STORAGE_VARIABLES];
  const saved = new Map(names.map((n) => [n, process.env[n]]));
  for (const name of STORAGE_VARIABLES) delete process.env[name];
  Object.assign(process.env, { DATA_DIR: dataDir, UPLOADS_DIR: join(dataDir, 'uploads') });
  Object.assign(process.env, await storageEnvFor(dataDir, storage));
  resetConfigForTests();
  try {
    return await fn();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetConfigForTests();
  }
}
