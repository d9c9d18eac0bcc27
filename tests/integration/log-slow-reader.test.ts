// A stdout that nobody reads for a while (journald busy, a stalled pipe) must not make the server hold
// its whole request log in memory. While the reader is stopped, the server keeps answering; the lines
// beyond a few megabytes are dropped, and once the reader is back, one warning says how many. The
// lines read plus the lines dropped account for every request.
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLines, type RunningServer, startServer } from '../helpers/server';

let site: RunningServer;

beforeAll(async () => {
  site = await startServer();
}, 120_000);

afterAll(async () => {
  await site?.stop();
});

interface Line {
  msg: string;
  level: number;
  droppedLines?: number;
}

const lines = () => logLines<Line>(site);

describe('a stdout that is not read', () => {
  it('drops request lines beyond the buffer instead of holding them, and reports how many', async () => {
    const requestLinesBefore = lines().filter((l) => l.msg === 'request').length;
    const stdout = site.process.stdout;
    if (!stdout) throw new Error('the server has no stdout pipe');
    stdout.pause();
    // About 200 bytes of log per request: 40,000 requests are about 8 MB, twice what is held.
    const REQUESTS = 40_000;
    const load = await autocannon({
      url: `${site.url}/robots.txt`,
      connections: 20,
      amount: REQUESTS,
    });
    expect(load.errors).toBe(0);
    expect(load.non2xx).toBe(0);
    stdout.resume();

    const warnings = () => lines().filter((l) => l.msg.startsWith('log lines dropped'));
    for (let i = 0; i < 100 && warnings().length === 0; i++) await new Promise((r) => setTimeout(r, 200));
    const warning = warnings()[0];
    expect(warning, 'a warning with the count of dropped lines').toBeDefined();
    expect(warning?.level).toBe(40);
    // Every line dropped is counted once, in one warning or another.
    const dropped = warnings().reduce((sum, w) => sum + (w.droppedLines ?? 0), 0);
    expect(dropped).toBeGreaterThan(REQUESTS / 4);
    const requestLines = lines().filter((l) => l.msg === 'request').length - requestLinesBefore;
    expect(requestLines).toBeGreaterThan(0);
    expect(requestLines + dropped).toBe(REQUESTS);

    // The server still answers and logs normally.
    expect((await fetch(`${site.url}/robots.txt`)).status).toBe(200);
  }, 90_000);
});
