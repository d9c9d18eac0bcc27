// Fetching a background from another site: only https:, no credentials, only public addresses
// (checked for every redirect, and the connection pinned to the checked address), a time limit,
// a size limit that stops reading, and only images. No network here: a local https server on
// 127.0.0.1 with a self-signed certificate stands in, reached through an injected resolver and an
// allow-list that admits 127.0.0.1 in these tests only.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchRemoteImage,
  isPublicAddress,
  type RemoteImageOptions,
} from '~/lib/backgrounds/remote-image.server';

let server: Server;
let port = 0;
let ca = '';
let dir = '';
let jpeg: Buffer;
const requested: string[] = [];

const HOSTS: Record<string, string> = {
  'images.example': '127.0.0.1',
  'private.example': '10.0.0.7',
  'mixed.example': '127.0.0.1',
};

const testOptions = (extra: Partial<RemoteImageOptions> = {}): RemoteImageOptions => ({
  ca,
  resolve: async (host) => {
    const address = HOSTS[host];
    if (!address) throw new Error('not found');
    return host === 'mixed.example'
      ? [
          { address, family: 4 },
          { address: '192.168.0.10', family: 4 },
        ]
      : [{ address, family: 4 }];
  },
  isAllowedAddress: (address) => address === '127.0.0.1' || isPublicAddress(address),
  ...extra,
});
const at = (path: string, host = 'images.example') => `https://${host}:${port}${path}`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'remote-image-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=images.example',
      '-addext',
      'subjectAltName=DNS:images.example,DNS:private.example,DNS:mixed.example,IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  ca = readFileSync(join(dir, 'cert.pem'), 'utf8');
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#557799' } })
    .jpeg()
    .toBuffer();
  server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: ca }, (req, res) => {
    requested.push(req.url ?? '');
    const redirect = (location: string) => res.writeHead(302, { location }).end();
    switch (req.url) {
      case '/lake.jpg':
        return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
      case '/to-lake':
        return redirect('/lake.jpg');
      case '/to-private':
        return redirect(at('/lake.jpg', 'private.example'));
      case '/to-metadata':
        return redirect('https://169.254.169.254/latest/meta-data/');
      case '/to-mapped-loopback':
        return redirect(`https://[::ffff:127.0.0.1]:${port}/lake.jpg`);
      case '/to-http':
        return redirect(`http://images.example:${port}/lake.jpg`);
      case '/loop':
        return redirect('/loop');
      case '/huge.jpg': {
        // No Content-Length: the reader must stop on its own count.
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        const chunk = Buffer.alloc(1024 * 1024, 1);
        let sent = 0;
        const pump = () => {
          while (sent < 12) {
            sent++;
            if (!res.write(chunk)) return res.once('drain', pump);
          }
          res.end();
        };
        return pump();
      }
      case '/declared-huge.jpg':
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(50 * 1024 * 1024) });
        return res.write(jpeg);
      case '/slow.jpg':
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        return res.write(jpeg.subarray(0, 10)); // and never ends
      case '/page.html':
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Not an image</h1>');
      default:
        return res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('public addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '192.0.2.5',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    'fec0::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2001:db8::1',
    '2002:7f00:1::1',
    '2001::1',
    'not-an-address',
    '',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '172.32.0.1',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '2a00:1450:4009:81f::200e',
    '::ffff:8.8.8.8',
  ])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('fetching a remote image', () => {
  it('fetches an https image through the checked, pinned address (the host exists in no DNS)', async () => {
    const bytes = await fetchRemoteImage(at('/lake.jpg'), testOptions());
    expect(bytes.equals(jpeg)).toBe(true);
  });

  it('follows a redirect that stays on allowed addresses', async () => {
    const bytes = await fetchRemoteImage(at('/to-lake'), testOptions());
    expect(bytes.equals(jpeg)).toBe(true);
  });

  it.each([
    ['javascript:alert(1)', /https/],
    ['data:image/png;base64,iVBORw0KGgo=', /https/],
    [`http://images.example/lake.jpg`, /https/],
    ['ftp://images.example/lake.jpg', /https/],
    ['file:///etc/passwd', /https/],
    ['https://user:secret@images.example/lake.jpg', /user name or password/],
    ['not a url', /not a valid URL/],
  ])('refuses %s before any request', async (url, message) => {
    const before = requested.length;
    await expect(fetchRemoteImage(url, testOptions())).rejects.toMatchObject({ status: 400, message });
    expect(requested.length).toBe(before);
  });

  it('refuses the loopback address itself without the test allow-list', async () => {
    const before = requested.length;
    await expect(fetchRemoteImage(at('/lake.jpg', '127.0.0.1'), { ca })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/private or reserved/),
    });
    await expect(fetchRemoteImage(`https://localhost:${port}/lake.jpg`, { ca })).rejects.toMatchObject({
      status: 400,
    });
    expect(requested.length).toBe(before);
  });

  it('refuses a host when any of its addresses is private', async () => {
    await expect(fetchRemoteImage(at('/lake.jpg', 'mixed.example'), testOptions())).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/private or reserved/),
    });
  });

  it.each([
    ['/to-private', /private or reserved/],
    ['/to-metadata', /private or reserved/],
    ['/to-mapped-loopback', /private or reserved/],
    ['/to-http', /https/],
  ])('refuses a redirect %s', async (path, message) => {
    const before = requested.length;
    await expect(
      fetchRemoteImage(at(path), testOptions({ isAllowedAddress: (a) => a === '127.0.0.1' })),
    ).rejects.toMatchObject({ status: 400, message });
    expect(requested.slice(before)).toEqual([path]);
  });

  it('stops after 3 redirects', async () => {
    const before = requested.length;
    await expect(fetchRemoteImage(at('/loop'), testOptions())).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/redirects too many times/),
    });
    expect(requested.length - before).toBe(4);
  });

  it('refuses an image larger than 10 MB, stopping as it streams in', async () => {
    await expect(fetchRemoteImage(at('/huge.jpg'), testOptions())).rejects.toMatchObject({
      status: 413,
      message: expect.stringMatching(/larger than 10 MB/),
    });
  });

  it('refuses a declared size over the limit before reading the body', async () => {
    await expect(fetchRemoteImage(at('/declared-huge.jpg'), testOptions())).rejects.toMatchObject({
      status: 413,
    });
  });

  it('gives up on a slow answer at the time limit', async () => {
    await expect(fetchRemoteImage(at('/slow.jpg'), testOptions({ timeoutMs: 400 }))).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/took longer than/),
    });
  });

  it('refuses an answer that is not an image', async () => {
    await expect(fetchRemoteImage(at('/page.html'), testOptions())).rejects.toMatchObject({
      status: 415,
      message: expect.stringMatching(/not point to an image/),
    });
  });

  it('reports a missing image and an unknown host', async () => {
    await expect(fetchRemoteImage(at('/missing.jpg'), testOptions())).rejects.toMatchObject({ status: 400 });
    await expect(fetchRemoteImage(at('/lake.jpg', 'nowhere.example'), testOptions())).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/could not be found/),
    });
  });
});
