// Buyers paying at once: each of `connections` clients loops for `seconds`, creating an order from
// cart lines (POST /api/paypal/order) and capturing it (POST /api/paypal/order/{id}/capture), the
// two calls the checkout makes, against the site in test mode (the in-process PayPal double).
// The site allows 20 new orders an hour from one address, so every client moves to a fresh loopback
// address (127.x.y.z; Linux routes the whole 127.0.0.0/8 to lo) before its address reaches that
// limit: the load comes from many buyers, as it would in life, and the limit stays on.
import { Agent, request } from 'node:http';

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
 * Runs the load and returns p50/p99 of create, capture and the pair, the count of answers that were
 * not the expected 201/200 (with the first few bodies) and of requests that failed outright.
 * `cartLines(i)` gives the lines of the i-th order. Client addresses are handed out from
 * `firstAddress` on, and `addresses` is the next unused one, so a second load on the same site
 * starts from fresh addresses.
 */
export async function orderLoad(base, { connections = 20, seconds = 10, cartLines, firstAddress = 0 }) {
  const create = [];
  const capture = [];
  const pair = [];
  const failures = [];
  let errors = 0;
  let nextAddress = firstAddress;
  let orderNo = 0;
  const until = performance.now() + seconds * 1000;

  async function client() {
    let agent;
    let used = ORDERS_PER_ADDRESS;
    while (performance.now() < until) {
      if (used >= ORDERS_PER_ADDRESS) {
        agent?.destroy();
        agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: loopback(nextAddress++) });
        used = 0;
      }
      used += 1;
      try {
        const made = await post(base, agent, '/api/paypal/order', {
          lines: cartLines(orderNo++),
          currency: 'EUR',
          intent: 'CAPTURE',
        });
        create.push(made.ms);
        if (made.status !== 201 || !made.json?.id) {
          failures.push(`create ${made.status}: ${made.text.slice(0, 160)}`);
          continue;
        }
        const paid = await post(base, agent, `/api/paypal/order/${made.json.id}/capture`, {
          customerData: BUYER,
          cartItems: [],
        });
        capture.push(paid.ms);
        pair.push(made.ms + paid.ms);
        if (paid.status !== 200 || paid.json?.status !== 'COMPLETED') {
          failures.push(`capture ${paid.status}: ${paid.text.slice(0, 160)}`);
        }
      } catch {
        errors += 1;
      }
    }
    agent?.destroy();
  }

  await Promise.all(Array.from({ length: connections }, client));
  return {
    create: summary(create),
    capture: summary(capture),
    pair: summary(pair),
    failures,
    errors,
    addresses: nextAddress,
  };
}
