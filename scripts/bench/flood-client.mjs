// Runs one autocannon flood in a process of its own (so that it does not slow down the client
// that measures), and prints its result as JSON. Arguments: base URL, seconds, connections, and
// the kind of query string to send: `bust` (one the page does not read) or `page`.
import autocannon from 'autocannon';

const [base, seconds, connections, kind] = process.argv.slice(2);
let n = 0;
const makePath = kind === 'page' ? (i) => `/shop?page=${2 + (i % 998)}` : (i) => `/shop?bust=${i}`;
const result = await autocannon({
  url: base,
  connections: Number(connections),
  duration: Number(seconds),
  requests: [{ setupRequest: (req) => ({ ...req, path: makePath(n++) }) }],
});
console.log(JSON.stringify({ rps: result.requests.average, non2xx: result.non2xx, errors: result.errors }));
