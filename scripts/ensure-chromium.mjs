// Browser tests use Debian's chromium. Install it when missing and we are root; otherwise stop
// with the exact command to run. (Never `npx playwright install`: nothing but npm and Debian
// packages can be downloaded on these machines.)
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      'Debian chromium is needed for the browser tests. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium',
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
    shell: '/bin/bash',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
