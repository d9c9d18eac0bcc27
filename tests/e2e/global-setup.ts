// Fails early with the exact command when Debian's chromium is missing, and makes the run's
// temporary folder for the servers the tests start (removed when the run ends).
import { existsSync } from 'node:fs';
import { makeRunFolder } from '../helpers/run-folder';

export default function globalSetup(): () => void {
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error(
      'Debian chromium is missing. Install it with: apt-get update && apt-get install -y chromium',
    );
  }
  return makeRunFolder();
}
