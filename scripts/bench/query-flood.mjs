// A flood of new query strings against /shop while one visitor reads /: what one client sending
// addresses the page cache has never seen costs everyone else. The visitor's latency is measured
// first on a quiet site (the baseline), then during each flood, in the same run. The visitor and
// the flood each run in a process of their own, so that neither slows the other's measuring.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const FLOOD_SECONDS = 10;
const FLOOD_CONNECTIONS = 20;

/** Runs one of this folder's client scripts in a process of its own and returns its JSON answer. */
function client(script, args) {
  const file = fileURLToPath(new URL(script, import.meta.url));
  const child = spawn(process.execPath, [file, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${script} exited ${code}`)),
    );
  });
}

/** The p99 of `url` read one request at a time for `ms`. */
const readP99 = (url, ms) => client('./read-client.mjs', [url, String(ms)]).then((r) => r.p99);

/** Floods /shop and returns the flood's autocannon result. */
const flood = (base, kind) =>
  client('./flood-client.mjs', [base, String(FLOOD_SECONDS), String(FLOOD_CONNECTIONS), kind]);

export async function benchQueryFlood(base) {
  await readP99(`${base}/`, 500);
  const quiet = await readP99(`${base}/`, 3000);
  const rows = [];
  const floods = [
    ['a query the page does not read (/shop?bust=N)', 'bust'],
    ['a query the page reads (/shop?page=N, N up to 999)', 'page'],
  ];
  for (const [what, kind] of floods) {
    const [result, during] = await Promise.all([
      flood(base, kind),
      readP99(`${base}/`, FLOOD_SECONDS * 1000),
    ]);
    rows.push([
      `p99 of / while 20 clients send ${what} for 10 s`,
      `${during.toFixed(1)} ms`,
      `${quiet.toFixed(1)} ms`,
      `goal < 50 ms (flood: ${Math.round(result.rps)} req/s, ${result.non2xx} non-2xx, ${result.errors} errors)`,
    ]);
  }
  return rows;
}
