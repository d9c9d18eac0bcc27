// Code a test runs itself against a test site's store: this process's config pointed at the site
// whose data directory it is (its DATA_DIR, its media folder, its bucket on S3) for the time `fn`
// runs, then put back.
import { resetConfigForTests } from '~/lib/platform/server/config';
import { useSiteStorage as pointAtSite } from './test-storage';

export async function inSiteStore<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  const restore = await pointAtSite(dataDir);
  resetConfigForTests();
  try {
    return await fn();
  } finally {
    restore();
    resetConfigForTests();
  }
}
