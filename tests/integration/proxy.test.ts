// The site behind the real proxy it ships with: Debian's Caddy running deploy/Caddyfile on loopback,
// with a certificate from Caddy's own local authority (`local_certs`) in place of Let's Encrypt.
// Over https: the session cookie is Secure, HSTS is sent, the owner signs in, a test purchase
// completes, the rate limits see each client's address (not Caddy's) through TRUSTED_PROXIES, and
// the page cache still answers anonymous pages. Clients connect from 127.0.0.2 and 127.0.0.3 so that
// the site can tell them apart; all of it stays on loopback.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { Agent, request } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER } from '../helpers/fixtures';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';
import { addPhotoAsOwner } from '../helpers/uploads';

const CADDY = ['/usr/bin/caddy', '/usr/local/bin/caddy'].find(existsSync);

let site: RunningServer;
let caddy: ChildProcess | undefined;
let caddyLog = '';
let ca: Buffer;
let httpPort: number;
let httpsPort: number;
const work = mkdtempSync(join(tmpdir(), 'wicklow-caddy-'));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** An https request to the proxy, checking its certificate against Caddy's local authority. */
function viaProxy(
  path: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    from?: string;
    agent?: Agent;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: httpsPort,
        servername: 'localhost',
        ca,
        localAddress: opts.from ?? '127.0.0.1',
        method: opts.method ?? 'GET',
        path,
        headers: { host: `localhost:${httpsPort}`, 'accept-encoding': 'identity', ...opts.headers },
        agent: opts.agent ?? false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer for ${path}`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}

const origin = () => `https://localhost:${httpsPort}`;

const postJson = (path: string, body: unknown, from?: string) =>
  viaProxy(path, {
    method: 'POST',
    from,
    headers: { 'content-type': 'application/json', origin: origin() },
    body: JSON.stringify(body),
  });

const signInForm = (email: string, password: string, from?: string, spoof?: string) =>
  viaProxy('/api/login', {
    method: 'POST',
    from,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: origin(),
      ...(spoof ? { 'x-forwarded-for': spoof } : {}),
    },
    body: new URLSearchParams({ email, password }).toString(),
  });

/** deploy/Caddyfile with its global options swapped for ones that keep a test run on loopback. */
function testCaddyfile(): string {
  const shipped = readFileSync('deploy/Caddyfile', 'utf8');
  const globals = /^\{\n[\s\S]*?\n\}\n/m;
  expect(shipped).toMatch(globals);
  return shipped.replace(
    globals,
    [
      '{',
      '\tadmin off',
      '\tlocal_certs',
      '\tskip_install_trust',
      `\thttp_port ${httpPort}`,
      `\thttps_port ${httpsPort}`,
      '\tdefault_bind 127.0.0.1 127.0.0.2 127.0.0.3',
      `\tstorage file_system ${join(work, 'data')}`,
      '}',
      '',
    ].join('\n'),
  );
}

async function waitForProxy(): Promise<void> {
  const rootCert = join(work, 'data', 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + 30_000;
  let last: unknown;
  while (Date.now() < deadline) {
    if (caddy?.exitCode !== null) throw new Error(`caddy stopped:\n${caddyLog}`);
    if (existsSync(rootCert)) {
      ca = readFileSync(rootCert);
      try {
        const res = await viaProxy('/healthz');
        if (res.status === 200) return;
      } catch (err) {
        last = err;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`caddy did not answer over https: ${String(last)}\n${caddyLog}`);
}

beforeAll(async () => {
  if (!CADDY) {
    throw new Error(
      "Debian's caddy is needed for this test. Install it with: sudo apt-get install -y caddy (npm test does it when run as root).",
    );
  }
  [httpPort, httpsPort] = [await freePort(), await freePort()];
  site = await startServer({
    SITE_URL: `https://localhost:${httpsPort}`,
    TRUSTED_PROXIES: '127.0.0.1',
    // An https site without PayPal keys refuses to sell unless test mode is asked for by name.
    PAYPAL_MODE: 'test',
  });
  // One photo for the shop, added straight to the site (the proxy is not what this checks).
  const cookie = await signIn(site.url);
  const added = await addPhotoAsOwner(site.url, cookie, {
    title: 'Glendalough at Dusk',
    category: 'mountains',
  });
  expect(added.status).toBe(201);
  const file = join(work, 'Caddyfile');
  writeFileSync(file, testCaddyfile());
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: work,
    XDG_DATA_HOME: join(work, 'xdg-data'),
    XDG_CONFIG_HOME: join(work, 'xdg-config'),
    SITE_DOMAIN: origin(),
    SITE_UPSTREAM: new URL(site.url).host,
  };
  const check = spawnSync(CADDY, ['validate', '--config', file, '--adapter', 'caddyfile'], {
    env,
    encoding: 'utf8',
  });
  expect(check.status, check.stderr).toBe(0);
  caddy = spawn(CADDY, ['run', '--config', file, '--adapter', 'caddyfile'], { env });
  caddy.stdout?.on('data', (d) => {
    caddyLog += d;
  });
  caddy.stderr?.on('data', (d) => {
    caddyLog += d;
  });
  await waitForProxy();
}, 180_000);

afterAll(async () => {
  caddy?.kill('SIGTERM');
  await site?.stop();
});

describe('behind Caddy with TLS', () => {
  it('sends http:// to https:// and answers over https with HSTS; the page cache still serves /', async () => {
    // Caddy 2.6 binds its redirecting http:// listener to the last default_bind address only.
    const plain = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
      httpGet({ host: '127.0.0.3', port: httpPort, path: '/shop', headers: { host: 'localhost' } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      }).on('error', reject);
    });
    expect(plain.status).toBe(308);
    expect(plain.location).toMatch(/^https:\/\/localhost(:\d+)?\/shop$/);

    const first = await viaProxy('/');
    expect(first.status).toBe(200);
    expect(first.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(first.body).toContain('<h1');
    const second = await viaProxy('/');
    expect(second.status).toBe(200);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });

  it('signs the owner in with a Secure session cookie that opens the admin over https', async () => {
    const res = await signInForm('owner@example.com', 'integration-password');
    expect(res.status).toBe(303);
    const cookies = (res.headers['set-cookie'] ?? []) as string[];
    const session = cookies.find((c) => /session_token=/.test(c));
    expect(session).toMatch(/^__Secure-/);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    // The device cookie that lets this browser past a locked account is Secure over https too.
    const device = cookies.filter((c) => c.startsWith('__Secure-wicklow.device='));
    expect(device).toHaveLength(2);
    for (const cookie of device) expect(cookie).toMatch(/;\s*Secure/i);
    const admin = await viaProxy('/admin', { headers: { cookie: session?.split(';')[0] ?? '' } });
    expect(admin.status).toBe(200);
    expect(admin.body).toContain('Admin Dashboard');
    expect(admin.body).toMatch(/Signed in as (<!-- -->)?owner@example\.com/);
  });

  it('completes a test purchase through the proxy', async () => {
    const products = JSON.parse((await viaProxy('/api/products')).body) as { id: string }[];
    expect(products.length).toBeGreaterThan(0);
    const created = await postJson('/api/paypal/order', {
      lines: [{ variantId: products[0]?.id, framing: null, quantity: 1 }],
      country: 'IE',
      currency: 'EUR',
      intent: 'CAPTURE',
    });
    expect(created.status, created.body).toBe(201);
    const { id } = JSON.parse(created.body) as { id: string };
    const captured = await postJson(`/api/paypal/order/${id}/capture`, {
      customerData: CUSTOMER,
      cartItems: [],
    });
    expect(captured.status, captured.body).toBe(200);
    expect(JSON.parse(captured.body)).toMatchObject({
      status: 'COMPLETED',
      order: { id: expect.any(String) },
    });
  });

  it("counts failed sign-ins per client address (Caddy's X-Forwarded-For), not per proxy, and ignores one a client forges", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // A new e-mail each time, so that only the limit per address can stop them; a forged
      // X-Forwarded-For must not give each guess a new address.
      const res = await signInForm(
        `guess${i}@example.com`,
        'wrong-password',
        '127.0.0.2',
        `198.51.100.${i + 1}`,
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Another visitor behind the same proxy is not locked out.
    const other = await signInForm('someone@example.com', 'wrong-password', '127.0.0.3');
    expect(other.status).toBe(401);
    const owner = await signInForm('owner@example.com', 'integration-password', '127.0.0.3');
    expect(owner.status).toBe(303);
  });

  it('a client flooding uncached pages through the proxy waits behind its own requests; another visitor is still answered', async () => {
    // Pages the cache cannot answer take turns per visitor. Behind the proxy every socket is
    // Caddy's, so the turns must be keyed by the address Caddy forwards, or one flooding client
    // fills the one queue and every visitor gets "503 The site is busy".
    let flooding = true;
    let n = 0;
    const flooded: number[] = [];
    // Kept-alive connections, so that the flood's requests come as fast as the site answers them.
    const agent = new Agent({ keepAlive: true, maxSockets: 64, ca, localAddress: '127.0.0.2' });
    const flooder = async () => {
      while (flooding)
        flooded.push((await viaProxy(`/no-such-page-${n++}`, { from: '127.0.0.2', agent })).status);
    };
    const flood = Array.from({ length: 64 }, flooder);
    await new Promise((r) => setTimeout(r, 300));
    const visitor: number[] = [];
    for (let i = 0; i < 5; i++) {
      visitor.push((await viaProxy(`/visitor-page-${i}`, { from: '127.0.0.3' })).status);
    }
    flooding = false;
    await Promise.all(flood);
    agent.destroy();
    // The flood did fill its own queue (so the visitor's pages really came while it was full) ...
    expect(flooded).toContain(503);
    // ... and the other visitor's uncached pages were rendered, not refused.
    expect(visitor).toEqual(Array(5).fill(404));
  });

  it("counts better-auth's own limit per client address, which a client cannot dodge by writing X-Forwarded-For", async () => {
    const session = (from: string, headers: Record<string, string> = {}) =>
      viaProxy('/api/auth/get-session', { from, headers }).then((res) => res.status);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push(await session('127.0.0.2'));
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
    // Caddy writes the client's address over a forged header; the site counts by that.
    expect(await session('127.0.0.2', { 'x-forwarded-for': '198.51.100.77' })).toBe(429);
    expect(await session('127.0.0.3')).toBe(200);
    expect(await session('127.0.0.3', { 'x-forwarded-for': '127.0.0.2' })).toBe(200);
  });
});
