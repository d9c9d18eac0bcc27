// Buyers paying at once: each of `connections` clients loops for `seconds`, creating an order from
// cart lines (POST /api/paypal/order) and capturing it (POST /api/paypal/order/{id}/capture), the
// two requests the checkout makes, against the site in test mode (the in-process PayPal fake).
// The site allows 20 new orders an hour from one address, so every client moves to a fresh loopback
// address (127.x.y.z; Linux routes the whole 127.0.0.0/8 to lo) before its address reaches that
// limit: the load comes from many buyers, as it would in life, and the limit stays on.
// Run as a process of its own (orderLoadInChild), so that the load generator starts with a small
// heap whatever ran before it in the bench.
import { Agent, request } from 'node:http';
import { pathToFileURL } from 'node:url';
import { jsonFromChild } from './lib.mjs';
import { cpuMs } from './server-cpu.mjs';

const ORDERS_PER_ADDRESS = 20;

export const BUYER = {
  name: 'Aoife Byrne',
  email: 'aoife.byrne@example.ie',
  phone: '+353 87 123 4567',
  street: '4 Main Street',
  city: 'Wicklow',
  postalCode: 'A67 X566',
  country: 'Ireland',
};

/** One POST over `agent`; resolves with the status, the parsed body and the milliseconds taken. */
function post(base, agent, path, body) {
  const payload = Buffer.from(JSON.stringify(body));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': payload.length, origin: base },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - started;
          const text = Buffer.concat(chunks).toString();
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode, json, text, ms });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The n-th loopback address handed out: 127.1.0.1, 127.1.0.2, … (never 127.0.0.1 itself). */
function loopback(n) {
  return `127.${1 + Math.floor(n / 65_024)}.${Math.floor(n / 254) % 256}.${1 + (n % 254)}`;
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
}

/**
 * The lines of the i-th cart: two lines of different prints from `variants` ({ id, framable }), the
 * second framed where framing is offered for its size.
 */
function cartLinesFrom(variants) {
  return (i) => {
    const a = variants[i % variants.length];
    const b = variants[(i * 7 + 1) % variants.length];
    return [
      { variantId: a.id, framing: null, quantity: 1 },
      { variantId: b.id, framing: b.framable ? b.size : null, quantity: 2 },
    ];
  };
}

/** orderLoad (below) in a fresh process of its own, with the same options; resolves with its result. */
export function orderLoadInChild(base, options) {
  return jsonFromChild('./order-load.mjs', { base, ...options });
}

/**
 * Runs the load for `warmUpSeconds` and then `seconds` more, without a pause between them, and
 * returns p50/p99 of create, capture and the pair of the requests started after the warm-up, the
 * count of answers that were not the expected 201/200 (with the first few bodies) and of requests
 * that failed outright (over the whole run), the orders paid (COMPLETED) in the timed part, and, given the server's `serverPid`, the CPU
 * milliseconds the server spent after the warm-up (Linux /proc; null elsewhere).
 * The warm-up is part of the same run so that the timed requests meet a server already under load
 * (its code compiled, its buyers spread out in time) rather than twenty buyers arriving at once.
 * Each client moves to a fresh address at a different point, so that they do not all reconnect
 * together either. `variants` are the prints the carts are made of (cartLinesFrom).
 */
async function orderLoad(
  base,
  { connections = 20, warmUpSeconds = 0, seconds = 10, variants, serverPid = null },
) {
  const cartLines = cartLinesFrom(variants);
  const create = [];
  const capture = [];
  const pair = [];
  const failures = [];
  let errors = 0;
  let nextAddress = 0;
  let orderNo = 0;
  let paidInTimedPart = 0;
  const timedFrom = performance.now() + warmUpSeconds * 1000;
  const until = timedFrom + seconds * 1000;
  let cpuAtStart = null;
  const cpuTimer = setTimeout(() => {
    cpuAtStart = cpuMs(serverPid);
  }, warmUpSeconds * 1000);

  async function client(_, index) {
    let agent;
    // The first address of each client takes fewer orders, so that the clients' moves are spread.
    let used = ORDERS_PER_ADDRESS + (index % ORDERS_PER_ADDRESS);
    while (performance.now() < until) {
      if (used >= ORDERS_PER_ADDRESS) {
        agent?.destroy();
        agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: loopback(nextAddress++) });
        used -= ORDERS_PER_ADDRESS;
      }
      used += 1;
      const timed = performance.now() >= timedFrom;
      try {
        const made = await post(base, agent, '/api/paypal/order', {
          lines: cartLines(orderNo++),
          country: 'IE',
          currency: 'EUR',
          intent: 'CAPTURE',
        });
        if (timed) create.push(made.ms);
        if (made.status !== 201 || !made.json?.id) {
          failures.push(`create ${made.status}: ${made.text.slice(0, 160)}`);
          continue;
        }
        const paid = await post(base, agent, `/api/paypal/order/${made.json.id}/capture`, {
          customerData: BUYER,
          cartItems: [],
        });
        const completed = paid.status === 200 && paid.json?.status === 'COMPLETED';
        if (timed) {
          capture.push(paid.ms);
          pair.push(made.ms + paid.ms);
          if (completed) paidInTimedPart++;
        }
        if (!completed) failures.push(`capture ${paid.status}: ${paid.text.slice(0, 160)}`);
      } catch {
        errors += 1;
      }
    }
    agent?.destroy();
  }

  await Promise.all(Array.from({ length: connections }, client));
  clearTimeout(cpuTimer);
  const cpuAtEnd = cpuMs(serverPid);
  return {
    create: summary(create),
    capture: summary(capture),
    pair: summary(pair),
    failures,
    errors,
    paid: paidInTimedPart,
    addresses: nextAddress,
    serverCpuMs: cpuAtStart === null || cpuAtEnd === null ? null : cpuAtEnd - cpuAtStart,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { base, ...options } = JSON.parse(process.argv[2] ?? '{}');
  console.log(JSON.stringify(await orderLoad(base, options)));
}
