// A real SQLite database in memory with every migration applied, for unit tests.
import { openDb } from '../../src/lib/server/db';

export function memoryDb() {
  return openDb(':memory:');
}
