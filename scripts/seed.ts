// `npm run seed`: demo content into DATA_DIR. Safe to repeat: a seeded database is left alone.
import { getDb } from '~/lib/server/db';
import { runMediaQueue } from '~/lib/server/media-jobs';
import { seedDemo } from '~/lib/server/seed/demo';

const db = getDb();
const report = await seedDemo(db, { force: process.argv.includes('--force') });
console.log(
  report.seeded
    ? `Seeded ${report.photos} demo photos in ${report.ms} ms.`
    : 'Already seeded: nothing to do.',
);
await runMediaQueue(db);
