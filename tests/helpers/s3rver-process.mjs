// s3rver in a process of its own, started by tests/helpers/s3rver.ts with --openssl-legacy-provider:
// s3rver 3.7.1 makes its ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node 17 and
// later) only offers through that provider; without it every listing longer than one page answers
// 500. Arguments: the data folder, the bucket to make, and optionally a port (0, any free one, by
// default). Writes {"port":N,"cdn":M} on one line once it listens: M is a fake CDN in
// front of a bucket, set up as the README asks, serving `{bucket}/media/…` and `{bucket}/objects/…`
// and nothing else (s3rver itself serves every object to anyone, as a bucket made public would). Started by a test process it stops
// when its stdin closes (so it never outlives that process); given a port (Playwright's web
// server for the browser tests on S3, whose stdin is closed from the start) it runs until killed.
import { mkdirSync } from 'node:fs';
import { createServer, request } from 'node:http';
import S3rver from 's3rver';
import { multipartEndpoints } from './s3rver-multipart.mjs';

const [directory, bucket, fixedPort] = process.argv.slice(2);
mkdirSync(directory, { recursive: true });
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(fixedPort ?? 0),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
// Before s3rver's router, after its XML encoder and error handler (see s3rver-multipart.mjs).
server.middleware.splice(server.middleware.length - 1, 0, multipartEndpoints(directory));
const { port } = await server.run();
const PUBLIC = /^\/[a-z0-9.-]+\/(media|objects)\/[A-Za-z0-9_./-]+$/;
const cdn = createServer((req, res) => {
  if (
    (req.method !== 'GET' && req.method !== 'HEAD') ||
    !PUBLIC.test(req.url ?? '') ||
    req.url.includes('..')
  ) {
    res.writeHead(404).end();
    return;
  }
  const upstream = request(
    {
      host: '127.0.0.1',
      port,
      path: req.url,
      method: req.method,
      headers: { range: req.headers.range ?? '' },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  upstream.end();
});
await new Promise((resolve) => cdn.listen(0, '127.0.0.1', resolve));
process.stdout.write(`${JSON.stringify({ port, cdn: cdn.address().port })}\n`);
const stop = () => server.close().then(() => process.exit(0));
if (fixedPort) {
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  process.stdin.resume();
  process.stdin.on('end', stop);
}
