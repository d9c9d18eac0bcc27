// s3rver in a process of its own, started by tests/helpers/s3rver.ts with --openssl-legacy-provider:
// s3rver 3.7.1 makes its ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node 17 and
// later) only offers through that provider; without it every listing longer than one page answers
// 500. Arguments: the data folder, the bucket to make, and optionally a port (0, any free one, by
// default). Writes {"port":N} on one line once it listens. Started by a test process it stops
// when its stdin closes (so it never outlives that process); given a port (Playwright's web
// server for the browser tests on S3, whose stdin is closed from the start) it runs until killed.
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

const [directory, bucket, fixedPort] = process.argv.slice(2);
mkdirSync(directory, { recursive: true });
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(fixedPort ?? 0),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
const stop = () => server.close().then(() => process.exit(0));
if (fixedPort) {
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  process.stdin.resume();
  process.stdin.on('end', stop);
}
