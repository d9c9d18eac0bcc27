// A plain node:http server in a process of its own, the baseline of a load row: it answers every
// request with fixed headers and either fixed bytes from memory or one file streamed from disk
// (`fs.createReadStream(file).pipe(res)`), and prints "port N" once it listens.
// Argument: one JSON object { status, headers, bodyFile, stream }.
import { createReadStream, readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const { status, headers, bodyFile, stream } = JSON.parse(process.argv[2] ?? '{}');
const body = stream ? null : readFileSync(bodyFile);
const server = createServer((_req, res) => {
  if (body) {
    res.writeHead(status, { ...headers, 'content-length': body.length });
    res.end(body);
    return;
  }
  res.writeHead(status, headers);
  createReadStream(bodyFile).pipe(res);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(`port ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
