// The load of the visitor-counting row (visits.mjs), in a process of its own: autocannon cycling
// over the site's anonymous pages as a person's browser opens them (a browser's user agent,
// Sec-Fetch-Dest: document, brotli), each view from a new address in X-Forwarded-For (the site under
// test trusts 127.0.0.1 as its proxy), so that every view is a new visitor: the counter hashes it,
// looks its country up and keeps its hash, the most a view can cost. With `cartEvery` set, one
// POST /api/visits (a print added to the cart) goes out after that many page views.
// Argument: JSON { url, paths, connections, seconds, cartEvery }. Prints JSON { rps, pagesPerSec,
// p99, non2xx, errors }, p99 over the pages' answers.
import autocannon from 'autocannon';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const { url, paths, connections, seconds, cartEvery } = JSON.parse(process.argv[2] ?? '{}');

let n = 0;
/** A new public-looking address for each view: 1.0.0.7, 1.0.1.7, … across the IPv4 space. */
const nextAddress = () => {
  n += 1;
  return `${1 + ((n >> 16) % 222)}.${(n >> 8) & 255}.${n & 255}.7`;
};
const page = (path) => ({
  method: 'GET',
  path,
  setupRequest: (req) => ({
    ...req,
    headers: {
      'user-agent': CHROME,
      'sec-fetch-dest': 'document',
      'sec-fetch-mode': 'navigate',
      'accept-encoding': 'gzip, deflate, br',
      referer: n % 3 === 0 ? 'https://www.instagram.com/' : `${url}/`,
      'x-forwarded-for': nextAddress(),
    },
  }),
});
const requests = [];
const views = cartEvery ? cartEvery : paths.length;
for (let i = 0; i < views; i++) requests.push(page(paths[i % paths.length]));
if (cartEvery) {
  requests.push({
    method: 'POST',
    path: '/api/visits',
    setupRequest: (req) => ({
      ...req,
      headers: {
        'user-agent': CHROME,
        origin: url,
        'content-type': 'text/plain;charset=UTF-8',
        'x-forwarded-for': nextAddress(),
      },
      body: '{"event":"cart"}',
    }),
  });
}

const times = [];
const instance = autocannon({ url, connections, duration: seconds, requests });
instance.on('response', (_client, status, _bytes, ms) => {
  if (status === 200) times.push(ms);
});
const result = await instance;
times.sort((a, b) => a - b);
const share = cartEvery ? cartEvery / (cartEvery + 1) : 1;
console.log(
  JSON.stringify({
    rps: result.requests.average,
    pagesPerSec: result.requests.average * share,
    p99: times.length ? times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] : Number.NaN,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }),
);
