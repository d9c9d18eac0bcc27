// Runs autocannon loads one after another in a process of its own (pinned to a core of its own when
// the bench can pin), and prints their results as a JSON array: requests/s, the p99 latency,
// non-2xx answers and errors of each. autocannon's own latency histogram keeps whole milliseconds,
// too coarse for a p99 of a few ms, so every 2xx response time is kept here and the p99 is taken
// from them. Argument: a JSON array of { url, connections, seconds, headers }.
import autocannon from 'autocannon';

async function load({ url, connections, seconds, headers = {} }) {
  const times = [];
  const instance = autocannon({ url, connections, duration: seconds, headers });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) times.push(ms);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p99: times.length ? times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] : Number.NaN,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const results = [];
for (const run of JSON.parse(process.argv[2] ?? '[]')) results.push(await load(run));
console.log(JSON.stringify(results));
