// The Prodigi fake as a process of its own, for the bench's quotes of lab prints. Run with tsx
// (which resolves the `~/` imports) and the latency of every answer in milliseconds as its
// argument; prints one JSON line with the fake's URL, its key, and the address of a small page
// that counts the quote requests it has answered; stops on SIGTERM.
import { createServer } from 'node:http';
import { startProdigiFakeServer } from '~/lib/lab/prodigi-fake.server';

const lab = await startProdigiFakeServer();
lab.fake.latencyMs = Number(process.argv[2] ?? 0);
const stats = createServer((_req, res) => {
  const quotes = lab.fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/quotes')).length;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ quotes }));
});
await new Promise<void>((r) => stats.listen(0, '127.0.0.1', r));
const address = stats.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(
  `${JSON.stringify({ url: lab.url, apiKey: lab.fake.apiKey, statsUrl: `http://127.0.0.1:${port}/` })}\n`,
);
process.on('SIGTERM', () => {
  stats.close();
  lab.stop().then(() => process.exit(0));
});
