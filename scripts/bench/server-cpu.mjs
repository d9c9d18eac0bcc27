// The CPU time the site's process spends, read from /proc: on a machine shared with other work, a
// wall-clock time grows with everyone else's load, the process's own CPU time much less, so the
// rows print both. Linux only; elsewhere (or if the process is not found) the figures are left out.
import { readdirSync, readFileSync } from 'node:fs';

/** The pid of the built server started with this DATA_DIR, or null. */
export function serverPid(dataDir) {
  let pids = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  for (const pid of pids) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('dist/server/entry.mjs')) continue;
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`DATA_DIR=${dataDir}`)) {
        return Number(pid);
      }
    } catch {}
  }
  return null;
}

/** CPU milliseconds (user + system) the process has used so far, or null. */
export function cpuMs(pid) {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
  } catch {
    return null;
  }
}

/** Runs `fn` and returns its result with the server's CPU ms per request (`requests(result)` of them). */
export async function withServerCpu(pid, requests, fn) {
  const before = cpuMs(pid);
  const result = await fn();
  const after = cpuMs(pid);
  const perRequest = before === null || after === null ? null : (after - before) / requests(result);
  return { result, perRequest };
}

/** ' (server CPU 3.2 ms/request)', or '' when it could not be read. */
export const cpuNote = (perRequest) =>
  perRequest === null ? '' : `, server CPU ${perRequest.toFixed(1)} ms/request`;
