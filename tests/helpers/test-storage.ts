// Which store the tests' sites keep their media in. `TEST_STORAGE=s3` (set by `npm test` for the
// media, upload, gallery and backup tests' second run) gives each site's data directory a bucket
// of its own on a real S3 server (s3rver on loopback, one per test process), so the same tests run
// on both drivers. A site started again on the same data directory finds the same bucket; code the
// test runs itself (factories that process a photo) reaches it through storageEnvFor.
import { join } from 'node:path';
import { resetConfigForTests } from '~/lib/platform/server/config';
import { startS3rver, type TestS3 } from './s3rver';

export const testStorage = (): 'local' | 's3' => (process.env.TEST_STORAGE === 's3' ? 's3' : 'local');

let server: Promise<TestS3> | undefined;
const buckets = new Map<string, Promise<Record<string, string>>>();

/** The STORAGE and S3_* settings of the site whose data directory this is ({} on the local driver). */
export function storageEnvFor(dataDir: string, storage = testStorage()): Promise<Record<string, string>> {
  const fixed = fixedBucket();
  if (fixed) return Promise.resolve(fixed);
  if (storage !== 's3') return Promise.resolve({});
  let env = buckets.get(dataDir);
  if (!env) {
    env = (async () => {
      server ??= startS3rver();
      const s3 = await server;
      const bucket = await s3.makeBucket();
      return {
        STORAGE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: 'us-east-1',
        S3_BUCKET: bucket,
        S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
        S3_FORCE_PATH_STYLE: '1',
        // The CDN in front of the bucket: media/ and objects/ only, as the README asks.
        MEDIA_PUBLIC_URL: s3.publicUrl(bucket),
      };
    })();
    buckets.set(dataDir, env);
  }
  return env;
}

/**
 * The browser tests on S3 have one site and one bucket, started by Playwright (playwright.config.ts
 * says where): every data directory's storage is that one.
 */
function fixedBucket(): Record<string, string> | null {
  const endpoint = process.env.TEST_S3_ENDPOINT;
  const bucket = process.env.TEST_S3_BUCKET;
  if (!endpoint || !bucket) return null;
  return {
    STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
    MEDIA_PUBLIC_URL: `${endpoint}/${bucket}`,
  };
}

/** The variables storageEnvFor sets, so a caller can put the process's own back afterwards. */
export const STORAGE_VARIABLES = [
  'STORAGE',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'MEDIA_PUBLIC_URL',
] as const;

/**
 * Runs `use` with this process's config pointed at the site whose data directory this is (its
 * DATA_DIR, its media folder, its bucket on S3, or on the store asked for), then puts the
 * process's own settings back.
 */
export async function inSiteStore<T>(
  dataDir: string,
  use: () => Promise<T>,
  storage: 'local' | 's3' = testStorage(),
): Promise<T> {
  const names = ['DATA_DIR', 'UPLOADS_DIR', ...STORAGE_VARIABLES];
  const saved = new Map(names.map((n) => [n, process.env[n]]));
  for (const name of STORAGE_VARIABLES) delete process.env[name];
  Object.assign(process.env, { DATA_DIR: dataDir, UPLOADS_DIR: join(dataDir, 'uploads') });
  Object.assign(process.env, await storageEnvFor(dataDir, storage));
  resetConfigForTests();
  try {
    return await use();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetConfigForTests();
  }
}
