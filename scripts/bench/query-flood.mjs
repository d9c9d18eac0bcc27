// A flood of new query strings against /shop while one visitor reads /: what one client sending
// addresses the page cache has never seen costs everyone else. The visitor's latency is measured
// first on a quiet site (the baseline), then during each flood, in the same run.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const FLOOD_SECONDS = 10;
const FLOOD_CONNECTIONS = 20;

/** Reads `url` one request at a time for `ms`, and returns the latencies in milliseconds. */
async function readLoop(url, ms) {
  const latencies = [];
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const started = performance.now();
    const res = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status} during the flood`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

const p99 = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];
};

/** Floods /shop from a child process and returns its autocannon result. */
function flood(base, kind) {
  const script = fileURLToPath(new URL('./flood-client.mjs', import.meta.url));
  const args = [script, base, String(FLOOD_SECONDS), String(FLOOD_CONNECTIONS), kind];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`flood exited ${code}`)),
    );
  });
}

export async function benchQueryFlood(base) {
  await readLoop(`${base}/`, 500);
  const quiet = await readLoop(`${base}/`, 3000);
  const rows = [];
  const floods = [
    ['a query the page does not read (/shop?bust=N)', 'bust'],
    ['a query the page reads (/shop?page=N, N up to 999)', 'page'],
  ];
  for (const [what, kind] of floods) {
    const [result, during] = await Promise.all([
      flood(base, kind),
      readLoop(`${base}/`, FLOOD_SECONDS * 1000),
    ]);
    rows.push([
      `p99 of / while 20 clients send ${what} for 10 s`,
      `${p99(during).toFixed(1)} ms`,
      `${p99(quiet).toFixed(1)} ms`,
      `goal < 50 ms (flood: ${Math.round(result.rps)} req/s, ${result.non2xx} non-2xx, ${result.errors} errors)`,
    ]);
  }
  return rows;
}
