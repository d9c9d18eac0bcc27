// The Debian packages the tests need: chromium for the browser tests, caddy for the test of the
// site behind its TLS proxy. Installed when missing and we are root; otherwise stop with the exact
// command to run. (Never `npx playwright install`: nothing but npm and Debian packages can be
// downloaded on these machines.)
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = [
  { name: 'chromium', binary: '/usr/bin/chromium', why: 'the browser tests' },
  { name: 'caddy', binary: '/usr/bin/caddy', why: 'the test of the site behind its TLS proxy' },
];

export function ensureSystemPackages() {
  const missing = PACKAGES.filter((p) => !existsSync(p.binary));
  if (missing.length === 0) return;
  const names = missing.map((p) => p.name).join(' ');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    for (const p of missing) console.error(`Debian's ${p.name} is needed for ${p.why}.`);
    console.error(`Install with:\n  sudo apt-get update && sudo apt-get install -y ${names}`);
    process.exit(1);
  }
  console.log(`Installing Debian's ${names} for the tests…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`, {
    stdio: 'inherit',
    shell: '/bin/bash',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureSystemPackages();
