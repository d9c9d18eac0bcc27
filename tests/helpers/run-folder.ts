// One temporary folder per test run, holding the data directories of the servers the tests start
// (tests/helpers/server.ts), so that a run leaves nothing behind in the system's temp folder. It is
// removed when the run ends rather than when a server stops, since a test may still read a stopped
// server's files (its outbox, its database) afterwards. Made by the runners' global setup, before
// any test process starts, and handed to them in WICKLOW_TEST_RUN_DIR.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Makes the run's folder and returns the teardown that removes it. */
export function makeRunFolder(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'wicklow-test-run-'));
  process.env.WICKLOW_TEST_RUN_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

/** Where a test's server keeps its data: the run's folder, or the temp folder outside a run. */
export function runFolder(): string {
  return process.env.WICKLOW_TEST_RUN_DIR ?? tmpdir();
}
