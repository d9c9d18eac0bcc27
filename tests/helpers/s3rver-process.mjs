// s3rver in a process of its own, started by tests/helpers/s3rver.ts with --openssl-legacy-provider:
// s3rver 3.7.1 makes its ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node 17 and
// later) only offers through that provider; without it every listing longer than one page answers
// 500. Arguments: the data folder and the bucket to make. Writes {"port":N} on one line once it
// listens, and stops when its stdin closes (so it never outlives the test process that started it).
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  server.close().then(() => process.exit(0));
});
