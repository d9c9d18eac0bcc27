// Astro's built-in routes that this site does not use are not in the build. Astro's image endpoint
// (/_image) encoded any image at any size for anyone, holding the only render slot meanwhile: one
// AVIF 8000 px wide took about 25 s of CPU, one PNG 30000 px wide half a gigabyte of memory.
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { residentBytes } from '../helpers/raw-http';
import { type RunningServer, startServer } from '../helpers/server';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A 404 takes milliseconds; an encoding of the sizes asked for here takes many seconds. */
const QUICK_MS = 3_000;

interface Answer {
  status: number;
  type: string;
  ms: number;
}

/** GET of a request target sent exactly as written (fetch would resolve `/./` and the like). */
function rawGet(target: string): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = get({ hostname, port, path: target, timeout: QUICK_MS * 2 }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: res.headers['content-type'] ?? '',
          ms: performance.now() - started,
        }),
      );
    });
    req.on('timeout', () => req.destroy(new Error(`${target} was not answered within ${QUICK_MS * 2} ms`)));
    req.on('error', reject);
  });
}

describe("Astro's built-in routes", () => {
  it('answer /_image in every spelling with a quick 404 from the front, encoding and rendering nothing', async () => {
    const spellings = ['/_image', '//_image', '/./_image', '/%5Fimage', '/%5fimage', '/_IMAGE', '/_image/'];
    const queries = [
      '?href=/favicon.svg&w=8000&f=avif',
      '?href=%2Ffavicon.svg&w=30000&h=30000&f=png',
      '?href=https://elsewhere.example/a.jpg&w=100',
      '',
    ];
    const before = await residentBytes(server.process.pid ?? 0);
    for (const path of spellings) {
      for (const query of queries) {
        const answer = await rawGet(`${path}${query}`);
        expect(answer.status, `${path}${query}`).toBe(404);
        // The front's own answer (plain text), not a page rendered by Astro: it costs no render.
        expect(answer.type, `${path}${query}`).toMatch(/^text\/plain/);
        expect(answer.ms, `${path}${query}`).toBeLessThan(QUICK_MS);
      }
    }
    // A 30000 px PNG would take hundreds of MB; a few dozen 404 pages take next to nothing.
    const grown = (await residentBytes(server.process.pid ?? 0)) - before;
    expect(grown).toBeLessThan(100 * 1024 * 1024);
  });

  it('answer the server islands and actions endpoints with 404: the site has neither', async () => {
    for (const path of ['/_server-islands/Anything', '/_server-islands/x?e=1&p=&s=', '/_actions/anything']) {
      const answer = await rawGet(path);
      expect(answer.status, path).toBe(404);
      expect(answer.type, path).toMatch(/^text\/plain/);
    }
  });
});
