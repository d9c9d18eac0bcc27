// Runs one autocannon load in a process of its own (pinned to a core of its own when the bench
// can pin), and prints its result as JSON: requests/s, the p99 latency, non-2xx answers and errors.
// autocannon's own latency histogram keeps whole milliseconds, too coarse for a p99 of a few ms, so
// every 2xx response time is kept here and the p99 is taken from them.
// Argument: one JSON object { url, connections, seconds, headers }.
import autocannon from 'autocannon';

const { url, connections, seconds, headers = {} } = JSON.parse(process.argv[2] ?? '{}');
const times = [];
const instance = autocannon({ url, connections, duration: seconds, headers });
instance.on('response', (_client, status, _bytes, ms) => {
  if (status >= 200 && status < 300) times.push(ms);
});
const result = await instance;
times.sort((a, b) => a - b);
const p99 = times.length ? times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] : Number.NaN;
console.log(
  JSON.stringify({
    rps: result.requests.average,
    total: result.requests.total,
    p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }),
);
