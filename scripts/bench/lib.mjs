// Shared pieces of the benchmark: starting the built server, a plain node:http baseline,
// autocannon runs, and the table printer.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/** A print's own page on the demo site: the first demo photo's, whose slug comes from its title. */
export const PRINT_PAGE = '/prints/lough-tay-at-first-light';

export async function startSite(env) {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/entry.mjs'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      // A bench site's media beside its temporary database (read there by the rows that seed files).
      ...(env.DATA_DIR ? { UPLOADS_DIR: join(env.DATA_DIR, 'uploads') } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The site logs a line per request: keep only the last of its output, so that load runs do not
  // grow this process's memory or CPU.
  let out = '';
  const keep = (d) => {
    out += d;
    if (out.length > 2_000_000) out = out.slice(-1_000_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 300_000);
    const listening = () => {
      const m = out.match(/listening on (http:\/\/[\d.]+:\d+)/);
      if (m) {
        clearTimeout(timer);
        child.stdout.off('data', listening);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', listening);
    child.on('exit', (code) => reject(new Error(`server exited ${code}:\n${out}`)));
  });
  // Time to the first 200 of the home page, polling from the moment the process was spawned.
  for (;;) {
    try {
      const res = await fetch(`${url}/`);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 5));
  }
  const firstOkMs = performance.now() - started;
  const exited = new Promise((r) => child.on('exit', r));
  return {
    url,
    pid: child.pid,
    firstOkMs,
    output: () => out,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A node:http server answering every request with the given bytes from memory. */
export async function startBaseline(status, headers, body) {
  const server = createServer((_req, res) => {
    res.writeHead(status, { ...headers, 'content-length': body.length });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stop: () => new Promise((r) => server.close(r)),
  };
}

export async function baselineFirstOk() {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '-e',
      "require('http').createServer((q,s)=>s.end('ok')).listen(0,'127.0.0.1',function(){console.log('port '+this.address().port)})",
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise((resolve) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/port (\d+)/);
      if (m) resolve(m[1]);
    });
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 5));
  }
  const ms = performance.now() - started;
  child.kill();
  return ms;
}

export async function rps(url, { connections = 50, duration = 8, headers = {} } = {}) {
  const result = await autocannon({ url, connections, duration, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`load run on ${url} had ${result.non2xx} non-2xx and ${result.errors} errors`);
  }
  return result.requests.average;
}

/**
 * Prints the bench table. A row is [figure, site, baseline, ratio, goal, met]; `met` is 'yes',
 * 'NO' or '—' (no goal). Shorter rows are padded with empty cells.
 */
export function printTable(rows) {
  const header = ['figure', 'site', 'baseline', 'ratio', 'goal', 'met'];
  const all = [header, ...rows.map((r) => header.map((_, i) => String(r[i] ?? '')))];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of all.slice(1)) console.log(line(r));
}

/**
 * The pages named by `--page <path>` (repeatable) on the command line, or undefined for every page:
 * `npm run bench -- --page /checkout` measures only that page's rows.
 */
export function pagesFromArgs(argv = process.argv) {
  const pages = argv.flatMap((arg, i) => (arg === '--page' && argv[i + 1] ? [argv[i + 1]] : []));
  return pages.length ? pages : undefined;
}

/** 'yes' when the measured value meets the goal, 'NO' otherwise. */
export const met = (ok) => (ok ? 'yes' : 'NO');

/**
 * Whether load rows can pin the server and the load generator to different cores: at least two
 * cores and a working `taskset` (util-linux).
 */
export function canPin() {
  if (availableParallelism() < 2) return false;
  const probe = spawnSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' });
  return probe.status === 0;
}

/** Pins every thread of a running process to `cores` ("0", "1", "0-1"); false when it could not. */
export function pinProcess(pid, cores) {
  const run = spawnSync('taskset', ['-a', '-cp', cores, String(pid)], { stdio: 'ignore' });
  return run.status === 0;
}

/** Every core of the machine, as taskset writes it ("0-1"). */
export const allCores = () => `0-${availableParallelism() - 1}`;

/** The id of the local process listening on a TCP port (Linux /proc), or null. */
export function pidListeningOn(port) {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // f[1] local address:port, f[3] state (0A = LISTEN), f[9] inode
      if (f[1]?.endsWith(`:${hex}`) && f[3] === '0A') inodes.add(`socket:[${f[9]}]`);
    }
  }
  if (inodes.size === 0) return null;
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    let fds = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`))) return Number(pid);
      } catch {}
    }
  }
  return null;
}

/** Spawns `node script arg` on `cores` when given (taskset), else anywhere. */
function spawnNode(script, arg, cores) {
  const file = fileURLToPath(new URL(script, import.meta.url));
  const node = [process.execPath, file, arg];
  const [cmd, ...args] = cores ? ['taskset', '-c', cores, ...node] : node;
  return spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
}

/**
 * The baseline of a load row in a process of its own (so that it can be pinned like the site):
 * node:http answering every request with `headers` and either `body` from memory or `file`
 * streamed from disk. Returns { url, stop }.
 */
export async function startBaselineProcess({ status = 200, headers, body, file, cores }) {
  let bodyFile = file;
  if (!file) {
    bodyFile = join(tmpdir(), `wicklow-baseline-${process.pid}-${Date.now()}-${Math.random()}`);
    writeFileSync(bodyFile, body);
  }
  const child = spawnNode(
    './baseline-server.mjs',
    JSON.stringify({ status, headers, bodyFile, stream: !!file }),
    cores,
  );
  const exited = new Promise((r) => child.on('exit', r));
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/port (\d+)/);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`baseline server exited ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * autocannon runs, one after another, in a process of its own (on `cores` when given). Each run is
 * { url, connections, seconds, headers }; each result { rps, total, p99, non2xx, errors }, with the
 * p99 in milliseconds from every response time (not whole milliseconds).
 */
export function loadRuns(runs, { cores } = {}) {
  return jsonFromChild('./load-client.mjs', runs, cores);
}

/**
 * Runs a bench script in a fresh process of its own (on `cores` when given) with `input` as its JSON
 * argument, and resolves with the JSON it prints. A load generator runs this way so that its own
 * pauses (garbage collection of a parent that has run Lighthouse for minutes) never show as the
 * server's latency.
 */
export function jsonFromChild(script, input, cores) {
  const child = spawnNode(script, JSON.stringify(input), cores);
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

/** One autocannon run in a process of its own: see loadRuns. */
export async function loadRun(url, { connections = 50, seconds = 3, headers = {}, cores } = {}) {
  const [result] = await loadRuns([{ url, connections, seconds, headers }], { cores });
  return result;
}

/** Signs the owner in through the sign-in endpoint and returns the session's cookie header. */
export async function signInOwner(base, password, email = 'owner@example.com') {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ email, password }).toString(),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * Waits until the background media queue (the AVIF ladders made after a seed or an upload) has no
 * pending or running job, so that measurements see a quiet server and the images a visitor gets.
 */
export async function waitForMediaQueue(file, { quiet = false } = {}) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const started = Date.now();
  const busy = db.prepare("select count(*) as n from media_jobs where status in ('pending', 'running')");
  try {
    while (busy.get().n > 0) {
      if (Date.now() - started > 300_000) throw new Error('the media queue did not finish in 5 minutes');
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    db.close();
  }
  if (!quiet)
    console.log(`(waited ${((Date.now() - started) / 1000).toFixed(1)} s for the background AVIF queue)`);
}

/** Headers that belong to one connection or one moment, not to the answer's bytes. */
const PER_CONNECTION = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/** The status, headers and raw (still compressed) body of one GET, as the server sent them. */
export function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const kept = {};
        for (const [k, v] of Object.entries(res.headers)) if (!PER_CONNECTION.has(k)) kept[k] = v;
        resolve({ status: res.statusCode, headers: kept, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}

/**
 * A fake of an outside service in a process of its own (a .ts file run by tsx, which resolves the
 * site's `~/` imports): it prints one JSON line (its URL and keys) and stops on SIGTERM. Returns
 * that line's fields and `stop()`.
 */
export async function startFakeProcess(script, args = []) {
  const child = spawn('node_modules/.bin/tsx', [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.once('exit', (code) => reject(new Error(`${script} stopped (exit ${code})`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { ...JSON.parse(line), stop };
}
