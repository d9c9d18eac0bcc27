// Debian's chromium and the flags it needs on these machines (no sandbox as root, no background
// networking: the network is closed). Shared by Playwright and the Lighthouse bench.
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
