// `npm run seed`: demo content into DATA_DIR. Safe to repeat: a seeded database is left alone.

import { runMediaQueue } from '~/lib/media/media-jobs.server';
import { getDb } from '~/lib/platform/server/db';
import { seedDemo } from '../server/seed/demo';

const db = getDb();
const report = await seedDemo(db, { force: process.argv.includes('--force') });
console.log(
  report.seeded
    ? `Seeded ${report.photos} demo photos in ${report.ms} ms.`
    : 'Already seeded: nothing to do.',
);
await runMediaQueue(db);
