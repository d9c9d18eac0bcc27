// Reads a URL one request at a time for a number of milliseconds, in a process of its own (so
// that nothing else the bench does slows it down), and prints the latencies' p99 as JSON.
// Arguments: URL, milliseconds.
const [url, ms] = process.argv.slice(2);
const latencies = [];
const until = performance.now() + Number(ms);
while (performance.now() < until) {
  const started = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'br' } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  latencies.push(performance.now() - started);
}
latencies.sort((a, b) => a - b);
const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))];
console.log(JSON.stringify({ p99, count: latencies.length }));
