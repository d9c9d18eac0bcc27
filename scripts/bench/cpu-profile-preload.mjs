// Loaded into the site with NODE_OPTIONS=--import (V8's --cpu-prof is refused there): the first
// SIGUSR2 starts V8's CPU profiler, the second writes the profile to CPU_PROFILE_FILE, so a profile
// covers only the load being studied. Diagnostics for `orders.mjs --payments --profile <file>`.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
let running = false;
process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () => session.post('Profiler.start'));
    return;
  }
  running = false;
  session.post('Profiler.stop', (err, result) => {
    if (!err)
      writeFileSync(process.env.CPU_PROFILE_FILE ?? 'site.cpuprofile', JSON.stringify(result.profile));
  });
});
