// An upgrade is built while the site runs: `npm run build` must leave the running server's own build
// whole. Astro's server loads each page's code on that page's first request, from chunks named by
// their hash, and the front serves the hashed client assets its pages name; a build that rewrote
// the folder under the running server made every page it had not loaded yet answer 500
// (ERR_MODULE_NOT_FOUND) until a restart.
//
// This test runs a real build (the repository's own, as an upgrade does) while a built server runs
// with only its home page loaded, asks for every page of the site during and after the build, as a
// visitor and as the owner, and for the client assets the pages name, the home page's old ones too.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRoutes } from '../helpers/routes';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let server: RunningServer;
let builder: ChildProcess | undefined;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  if (builder?.exitCode === null) builder.kill('SIGTERM');
  await server?.stop();
});

/**
 * Every page and endpoint that answers GET. Sign-out is left out: asked for as the owner it would
 * end the session the owner's round uses.
 */
const PATHS = sourceRoutes()
  .filter((r) => r.methods.includes('GET') && r.pattern !== '/api/logout')
  .map((r) => r.path);

/** Addresses of the built client assets that a page's HTML names. */
function assetsNamed(html: string): string[] {
  return [...new Set(html.match(/\/_astro\/[\w.@-]+/g) ?? [])];
}

interface Answer {
  path: string;
  status: number;
  body: string;
}

async function get(path: string, cookie?: string): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    redirect: 'manual',
    headers: cookie ? { cookie } : {},
    signal: AbortSignal.timeout(15_000),
  });
  return { path, status: res.status, body: await res.text() };
}

/** One request for every path, one after the other, as a visitor or (with its cookie) the owner. */
async function round(cookie?: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const path of PATHS) answers.push(await get(path, cookie));
  return answers;
}

/** The answers a page of the site must never give: a server error (the 500 page is one by design). */
const broken = (answers: Answer[]) =>
  answers
    .filter((a) => a.status >= 500 && a.path !== '/500')
    .map((a) => `${a.status} ${a.path}: ${a.body.slice(0, 200)}`);

/**
 * What vitest puts into process.env: its own marks and Vite's import.meta.env values (DEV=1,
 * MODE=test...). A build that inherits them is a different build (Astro bakes DEV into the server
 * code, which then skips the pages' CSP hashes and the home page's cut stylesheet), and every test
 * file that starts the site after this one would run it, since `dist` now names it.
 */
const TEST_RUNNER_ENV = new Set(['NODE_ENV', 'TEST', 'DEV', 'PROD', 'MODE', 'SSR', 'BASE_URL']);

/** The environment of a build as an owner runs it: this process's, without the test runner's. */
function buildEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (TEST_RUNNER_ENV.has(key) || key.startsWith('VITEST')) continue;
    env[key] = value;
  }
  return env;
}

/** `npm run build` in the repository, run without blocking this process (it reads the server's output). */
function build(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build'], { stdio: ['ignore', 'pipe', 'pipe'], env: buildEnv() });
    builder = child;
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('an upgrade built while the site runs', () => {
  it('leaves every page and asset of the running site answering, during the build and after it', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    const oldAssets = assetsNamed(home.body);
    expect(oldAssets.length).toBeGreaterThan(0);

    // Visitors keep coming while the upgrade builds: a page not asked for before, every few tenths
    // of a second, so that each page's code is first needed at a different moment of the build.
    const building = build();
    let done = false;
    void building.then(() => {
      done = true;
    });
    const during: Answer[] = [];
    for (const path of PATHS) {
      if (done) break;
      during.push(await get(path));
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    const { code, output } = await building;
    expect(code, output.slice(-2000)).toBe(0);

    const owner = await signIn(server.url);
    const after = [...(await round()), ...(await round(owner))];
    expect.soft(broken(during), 'answers during the build').toEqual([]);
    expect.soft(broken(after), 'answers after the build').toEqual([]);

    const pageAssets = after.filter((a) => a.status === 200).flatMap((a) => assetsNamed(a.body));
    const assets = [...new Set([...oldAssets, ...pageAssets])];
    const assetAnswers = await Promise.all(assets.map((path) => get(path)));
    expect.soft(assetAnswers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.path}`)).toEqual([]);
    const missingModules = server
      .output()
      .split('\n')
      .filter((line) => line.includes('ERR_MODULE_NOT_FOUND'))
      .map((line) => line.slice(0, 300));
    expect(missingModules, 'the server log').toEqual([]);
  }, 300_000);
});
