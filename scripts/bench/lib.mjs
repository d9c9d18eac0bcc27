// Shared pieces of the benchmark: starting the built server, a plain node:http baseline,
// autocannon runs, and the table printer.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import autocannon from 'autocannon';

export async function startSite(env) {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/entry.mjs'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 300_000);
    child.stdout.on('data', () => {
      const m = out.match(/listening on (http:\/\/[\d.]+:\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
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

/** 'yes' when the measured value meets the goal, 'NO' otherwise. */
export const met = (ok) => (ok ? 'yes' : 'NO');

/**
 * Waits until the background media queue (the AVIF ladders made after a seed or an upload) has no
 * pending job, so that measurements see a quiet server and the images a visitor gets.
 */
export async function waitForMediaQueue(file, { quiet = false } = {}) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file, { readonly: true });
  const started = Date.now();
  while (db.prepare("select count(*) as n from media_jobs where status = 'pending'").get().n > 0) {
    if (Date.now() - started > 300_000) throw new Error('the media queue did not finish in 5 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  db.close();
  if (!quiet)
    console.log(`(waited ${((Date.now() - started) / 1000).toFixed(1)} s for the background AVIF queue)`);
}
