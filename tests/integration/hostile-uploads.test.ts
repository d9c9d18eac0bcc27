// Hostile uploads, each sent both ways a file reaches the site (a signed upload URL, and the owner's
// multipart photo form): a pixel bomb, a polyglot, SVG, HTML named .jpg, a truncated JPEG, wrong
// magic bytes, a file over the limit, and a 2 GB stream that never ends. Every one gets a 4xx, the
// server's peak memory (VmHWM) stays below 512 MB, and no file is left behind in any folder.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';
import { grantUpload, putUpload } from '../helpers/uploads';

const MB = 1024 * 1024;
let site: RunningServer;
let cookie: string;
const results: { name: string; way: string; status: number; ms: number }[] = [];

/** Every file under the uploads folder, by path. */
function storedFiles(): string[] {
  const root = join(site.dataDir, 'uploads');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort();
  } catch {
    return [];
  }
}

function peakRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) * 1024;
}

/** A body that never ends: 1 MB chunks of JPEG-looking bytes, up to 2 GB, until the server answers. */
function endlessJpeg(): ReadableStream<Uint8Array> {
  let sent = 0;
  const chunk = new Uint8Array(MB).fill(0x41);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]));
    },
    pull(controller) {
      if (sent >= 2048 * MB) {
        controller.close();
        return;
      }
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

let cases: { name: string; body: () => Buffer | ReadableStream<Uint8Array>; type: string }[];

beforeAll(async () => {
  site = await startServer();
  cookie = await signIn(site.url);
  const bomb = await sharp({ create: { width: 10_500, height: 10_000, channels: 3, background: '#336699' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const jpeg = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#8899aa' } })
    .jpeg()
    .toBuffer();
  cases = [
    { name: 'pixel bomb (105 MP PNG)', body: () => bomb, type: 'image/png' },
    {
      name: 'polyglot (GIF magic then HTML)',
      body: () => Buffer.from('GIF89a<html><script>alert(1)</script></html>'.padEnd(400, ' ')),
      type: 'image/gif',
    },
    {
      name: 'SVG with a script',
      body: () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><script>alert(1)</script></svg>',
        ),
      type: 'image/svg+xml',
    },
    {
      name: 'HTML named .jpg',
      body: () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      type: 'image/jpeg',
    },
    { name: 'truncated JPEG', body: () => jpeg.subarray(0, Math.floor(jpeg.length / 2)), type: 'image/jpeg' },
    {
      name: 'wrong magic bytes',
      body: () => Buffer.concat([Buffer.from('MZ\x90\x00'), jpeg]),
      type: 'image/jpeg',
    },
    {
      name: 'over the 10 MB limit',
      body: () => Buffer.concat([jpeg, Buffer.alloc(11 * MB, 7)]),
      type: 'image/jpeg',
    },
    { name: 'a 2 GB stream that never ends', body: endlessJpeg, type: 'image/jpeg' },
  ];
}, 120_000);

afterAll(async () => {
  await site?.stop();
});

async function viaSignedUrl(body: Buffer | ReadableStream<Uint8Array>, type: string) {
  const url = await grantUpload(site.url, cookie);
  const res = await putUpload(site.url, url, body instanceof Buffer ? new Uint8Array(body) : body, {
    'content-type': type,
  });
  const text = await res.text();
  return { status: res.status, text };
}

async function viaPhotoForm(body: Buffer | ReadableStream<Uint8Array>, type: string) {
  if (body instanceof ReadableStream) {
    // A multipart form that never ends: the boundary, the fields, then the endless file.
    const boundary = 'hostile-boundary-7d1';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nEndless\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\ncoastal\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="endless.jpg"\r\nContent-Type: ${type}\r\n\r\n`,
    );
    const reader = body.getReader();
    let first = true;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (first) {
          first = false;
          controller.enqueue(new Uint8Array(head));
          return;
        }
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
    });
    const res = await fetch(`${site.url}/api/admin/photos`, {
      method: 'POST',
      body: stream,
      headers: { cookie, origin: site.url, 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    return { status: res.status, text: await res.text() };
  }
  const form = new FormData();
  form.set('title', 'Hostile');
  form.set('category', 'coastal');
  form.set('image', new Blob([new Uint8Array(body)], { type }), 'upload.jpg');
  const res = await fetch(`${site.url}/api/admin/photos`, {
    method: 'POST',
    body: form,
    headers: { cookie, origin: site.url },
  });
  return { status: res.status, text: await res.text() };
}

describe('hostile uploads', () => {
  it('answers every one with a 4xx and a message, both ways in, and leaves no file behind', async () => {
    const before = storedFiles();
    for (const c of cases) {
      for (const [way, send] of [
        ['signed URL', viaSignedUrl],
        ['photo form', viaPhotoForm],
      ] as const) {
        const started = performance.now();
        const { status, text } = await send(c.body(), c.type);
        results.push({ name: c.name, way, status, ms: Math.round(performance.now() - started) });
        expect(status, `${c.name} via ${way}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(status, `${c.name} via ${way}`).toBeLessThan(500);
        expect((JSON.parse(text) as { message: string }).message.length).toBeGreaterThan(10);
      }
    }
    // Refused uploads leave nothing: not in tmp/, originals/, media/ or objects/.
    await new Promise((r) => setTimeout(r, 300));
    expect(storedFiles()).toEqual(before);
    const rows = site.process.pid ? peakRssBytes(site.process.pid) : Number.NaN;
    console.log(
      `hostile uploads: ${results.map((r) => `${r.name} / ${r.way}: ${r.status} in ${r.ms} ms`).join('; ')}; server peak RSS ${(rows / MB).toFixed(0)} MB`,
    );
    expect(rows).toBeLessThan(512 * MB);
  }, 300_000);

  it('still takes a good photo afterwards', async () => {
    const jpeg = await sharp({ create: { width: 2000, height: 1400, channels: 3, background: '#557766' } })
      .jpeg()
      .toBuffer();
    const { status } = await viaPhotoForm(jpeg, 'image/jpeg');
    expect(status).toBe(201);
  });
});
