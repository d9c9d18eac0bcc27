// The S3 driver when the store misbehaves. aws-sdk-client-mock replaces the client's send(), so
// the SDK's retry and timeout never run under it: a part answered 503 once and a store that never
// answers are played over real HTTP instead (a proxy in front of s3rver, a node:http server that
// stays silent). The mock is kept for an error no server sends: one whose message holds a secret.
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sha256Of } from '~/lib/platform/server/storage/storage-driver';
import { type S3Settings, s3Driver } from '~/lib/platform/server/storage/storage-s3';
import { startS3rver, type TestS3 } from '~tests/helpers/s3rver';

const MiB = 1024 * 1024;
const SECRET = 'wJalrXUtnFEMI-do-not-print-me';

const servers: Server[] = [];

async function listen(server: Server): Promise<string> {
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A proxy to s3rver that answers 503 to the first request `fails` picks, and counts the rest. */
function faultProxy(target: string, fails: (req: IncomingMessage) => boolean) {
  const seen: string[] = [];
  let failed = false;
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (!failed && fails(req)) {
      failed = true;
      req.resume();
      req.on('end', () => {
        res.writeHead(503, { 'Content-Type': 'application/xml' });
        res.end(
          '<Error><Code>ServiceUnavailable</Code><Message>Please reduce your request rate.</Message></Error>',
        );
      });
      return;
    }
    const { expect: _expect, ...headers } = req.headers;
    const upstream = request(`${target}${req.url}`, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return { server, seen };
}

describe('the S3 driver against a store that fails', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(() => s3?.stop());

  it('retries a part answered 503 once, and the upload completes', async () => {
    const isPart = (req: IncomingMessage) => req.method === 'PUT' && /[?&]partNumber=/.test(req.url ?? '');
    const { server, seen } = faultProxy(s3.endpoint, isPart);
    const endpoint = await listen(server);
    const driver = s3Driver({ ...s3.settings, endpoint }, { partSize: 5 * MiB });
    const bytes = randomBytes(11 * MiB);

    await driver.put('retried/video.mp4', bytes);

    // Three parts of 5, 5 and 1 MiB, and one of them sent twice.
    expect(seen.filter((line) => /^PUT .*partNumber=/.test(line))).toHaveLength(4);
    expect(await sha256Of(driver, 'retried/video.mp4')).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
  });

  it('gives up on a store that never answers, after its request timeout and retries', async () => {
    let requests = 0;
    const silent = createServer(() => {
      requests++;
    });
    const endpoint = await listen(silent);
    const settings: S3Settings = {
      ...s3.settings,
      endpoint,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: SECRET,
    };
    const driver = s3Driver(settings, { requestTimeoutMs: 150 });
    const started = Date.now();

    const failure = await driver.get('stuck/photo.jpg').then(
      () => null,
      (err: Error) => err,
    );

    expect(failure?.message).toMatch(
      /^Could not read "stuck\/photo\.jpg" in the S3 bucket "wicklow-test-\w+": it failed \(TimeoutError: /,
    );
    expect(failure?.message).toContain('a request has exceeded the configured 150 ms requestTimeout).');
    expect(failure?.message).not.toContain(SECRET);
    expect(failure?.message).not.toContain('AKIAEXAMPLE');
    expect(requests).toBe(3);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('the S3 driver on errors no server sends (aws-sdk-client-mock)', () => {
  const settings: S3Settings = {
    region: 'us-east-1',
    bucket: 'photos',
    accessKeyId: 'AKIAEXAMPLE',
    secretAccessKey: SECRET,
    forcePathStyle: true,
  };

  it('says which key and which status failed, and never a credential', async () => {
    const client = new S3Client({ region: 'us-east-1' });
    const mock = mockClient(client);
    mock.on(HeadObjectCommand).rejects(
      new S3ServiceException({
        name: 'AccessDenied',
        $fault: 'client',
        $metadata: { httpStatusCode: 403 },
        message: `Access denied for ${settings.accessKeyId}`,
      }),
    );
    mock.on(GetObjectCommand).rejects(new Error(`socket hang up while signing with ${SECRET}`));
    const driver = s3Driver(settings, { client });

    await expect(driver.head('media/a/800.webp')).rejects.toThrow(
      'Could not look up "media/a/800.webp" in the S3 bucket "photos": it answered 403 (AccessDenied).',
    );
    const failure = await driver.get('media/a/800.webp').catch((err: Error) => err);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/^Could not read "media\/a\/800\.webp" .*socket hang up/);
    expect((failure as Error).message).not.toContain(SECRET);
    mock.restore();
  });
});
