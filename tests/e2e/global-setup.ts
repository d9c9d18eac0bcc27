// Fails early with the exact command when Debian's chromium is missing.
import { existsSync } from 'node:fs';

export default function globalSetup(): void {
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error(
      'Debian chromium is missing. Install it with: apt-get update && apt-get install -y chromium',
    );
  }
}
