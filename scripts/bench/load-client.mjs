// Runs autocannon loads one after another in a process of its own (pinned to a core of its own when
// the bench can pin), and prints their results as a JSON array: requests/s, the p99 latency,
// non-2xx answers and errors of each. autocannon's own latency histogram keeps whole milliseconds,
// too coarse for a p99 of a few ms, so every 2xx response time is kept here and the p99 is taken
// from them. Argument: a JSON array of { url, connections, seconds, headers, method, body, status },
// where method, body and status are optional: a GET without a body, and the p99 of its 2xx answers
// (of the answers with `status` when given: a load that is meant to be refused).
import autocannon from 'autocannon';

async function load({ url, connections, seconds, headers = {}, method = 'GET', body, status: expected }) {
  const times = [];
  const instance = autocannon({ url, connections, duration: seconds, headers, method, body });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (expected ? status === expected : status >= 200 && status < 300) times.push(ms);
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
