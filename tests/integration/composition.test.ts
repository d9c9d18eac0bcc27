// Composition analysis over HTTP (POST /api/analyze-composition, GET /api/composition-tips):
// owner only, refusals with readable messages, the local analyser by default, and the vision-model
// path against a fake chat-completions endpoint, with the local analyser as its fallback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_MAX_RETRIES } from '~/lib/composition/analysis/model.server';
import { compositionAnalysisSchema } from '~/lib/composition/schemas';
import { modelAnalysis, type OpenAiFake, startOpenAiFake } from '../helpers/openai-fake';
import { horizonPhoto, truncated } from '../helpers/photos';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

const post = (server: RunningServer, body: unknown, cookie?: string) =>
  fetch(`${server.url}/api/analyze-composition`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const base64 = (b: Buffer) => b.toString('base64');

describe('composition analysis, local analyser', () => {
  let server: RunningServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startServer();
    cookie = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('is for the owner only', async () => {
    const photo = base64(await horizonPhoto(0));
    expect((await post(server, { image: photo })).status).toBe(401);
    expect((await fetch(`${server.url}/api/composition-tips`)).status).toBe(401);
  });

  it('analyses a photo for the owner in the composition analysis format', async () => {
    const res = await post(server, { image: base64(await horizonPhoto(0)) }, cookie);
    expect(res.status).toBe(200);
    const analysis = compositionAnalysisSchema.parse(await res.json());
    expect(analysis.compositionElements.Horizon?.feedback).toMatch(/level/);
    expect(analysis.overallScore).toBeGreaterThan(5);
  });

  it('refuses bad base64, a non-image, an SVG and a damaged image with readable messages', async () => {
    const bad = await post(server, { image: 'not base64 at all!' }, cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/base64/);
    const text = await post(server, { image: base64(Buffer.from('Just some words, not a photo.')) }, cookie);
    expect(text.status).toBe(415);
    expect((await text.json()).message).toBe('Please choose a JPG, PNG or WebP photo.');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await post(server, { image: base64(svg) }, cookie)).status).toBe(415);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const damaged = await post(server, { image: base64(broken) }, cookie);
    expect(damaged.status).toBe(400);
    expect((await damaged.json()).message).toMatch(/could not be read/);
    expect((await post(server, '{"image":', cookie)).status).toBe(400);
    expect((await post(server, {}, cookie)).status).toBe(400);
  });

  it('refuses a JPEG cut in half (its header reads, its pixels stop) with 400, not 500', async () => {
    const res = await post(server, { image: base64(await truncated(horizonPhoto(0))) }, cookie);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The image could not be read');
  });

  it('refuses a photo over 10 MB with 413', async () => {
    const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    // Just over the limit decoded (the body itself is within the JSON cap) ...
    const justOver = Buffer.concat([jpegHead, Buffer.alloc(10 * 1024 * 1024 - 2)]);
    const res = await post(server, { image: base64(justOver) }, cookie);
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('Please select an image under 10MB.');
    // ... and far over it (refused while the body is read).
    const farOver = Buffer.concat([jpegHead, Buffer.alloc(12 * 1024 * 1024)]);
    expect((await post(server, { image: base64(farOver) }, cookie)).status).toBe(413);
  });

  it('gives tips for landscape (the default) and aerial, and 400 for another type', async () => {
    const get = (q: string) => fetch(`${server.url}/api/composition-tips${q}`, { headers: { cookie } });
    const landscape = await get('?type=landscape');
    expect(landscape.status).toBe(200);
    const { tips } = (await landscape.json()) as { tips: string[] };
    expect(tips.length).toBeGreaterThan(3);
    expect(await (await get('')).json()).toEqual({ tips });
    const aerial = (await (await get('?type=aerial')).json()) as { tips: string[] };
    expect(aerial.tips).not.toEqual(tips);
    const unknown = await get('?type=portrait');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toMatch(/landscape, aerial/);
  });
});

describe('composition analysis, vision model', () => {
  const KEY = 'sk-integration-5e2c7a90d4f1';
  let server: RunningServer;
  let cookie: string;
  let fake: OpenAiFake;
  beforeAll(async () => {
    fake = await startOpenAiFake(JSON.stringify(modelAnalysis));
    server = await startServer({
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MODEL: 'vision-test-model',
      // The most the site and the openai package can be asked to log.
      LOG_LEVEL: 'trace',
      OPENAI_LOG: 'debug',
    });
    cookie = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it("answers with the model's critique when it is valid", async () => {
    const res = await post(server, { image: base64(await horizonPhoto(0)) }, cookie);
    expect(res.status).toBe(200);
    // The model's critique as it gave it, with the local analyser's measurements beside it.
    const { measurements, ...critique } = compositionAnalysisSchema.parse(await res.json());
    expect(critique).toEqual(modelAnalysis);
    expect(measurements?.exposure.histogram).toHaveLength(32);
    const sent = fake.requests.at(-1)!;
    expect(sent.body.model).toBe('vision-test-model');
    expect(sent.authorization).toBe(`Bearer ${KEY}`);
  });

  it("falls back to the local analyser when the model's answer is malformed", async () => {
    fake.content = '{"overallScore": "great"}';
    const res = await post(server, { image: base64(await horizonPhoto(0)) }, cookie);
    expect(res.status).toBe(200);
    const analysis = compositionAnalysisSchema.parse(await res.json());
    expect(analysis.summary).not.toBe(modelAnalysis.summary);
    expect(Object.keys(analysis.compositionElements)).toContain('Rule of Thirds');
    expect(server.output()).toMatch(/vision model failed; used the local analyser/);
  });

  it('asks again once after a 500, then falls back to the local analyser', async () => {
    fake.reset(JSON.stringify(modelAnalysis));
    fake.status = 500;
    const before = fake.requests.length;
    const res = await post(server, { image: base64(await horizonPhoto(0)) }, cookie);
    expect(res.status).toBe(200);
    const analysis = compositionAnalysisSchema.parse(await res.json());
    expect(analysis.summary).not.toBe(modelAnalysis.summary);
    expect(fake.requests.length - before).toBe(MODEL_MAX_RETRIES + 1);
    await expect
      .poll(() => server.output())
      .toMatch(/"reason":"500 The server had an error[^\n]*used the local analyser/);
  });

  it('never writes the API key to the log, even when the server quotes it back', async () => {
    fake.reset(JSON.stringify(modelAnalysis));
    fake.status = 401;
    fake.echoAuthorization = true;
    const res = await post(server, { image: base64(await horizonPhoto(0)) }, cookie);
    expect(res.status).toBe(200);
    await expect.poll(() => server.output()).toMatch(/"reason":"401 Incorrect API key provided/);
    expect(server.output()).not.toContain(KEY);
    // Not even in part: the key's last 8 characters appear nowhere either.
    expect(server.output()).not.toContain(KEY.slice(-8));
    expect(server.output()).toMatch(/Authorization: Bearer \[redacted\]/);
  });
});

describe('composition analysis, signed in but not the owner', () => {
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses the analysis with 403 and shows the notice without a sign-in link', {
    timeout: 120_000,
  }, async () => {
    // A user that is no longer the owner: the account made when OWNER_EMAIL named them, kept after
    // OWNER_EMAIL changed.
    const first = await startServer({ OWNER_EMAIL: 'former@example.com' });
    await first.stop();
    server = await startServer({ DATA_DIR: first.dataDir });
    const cookie = await signIn(server.url, 'former@example.com');
    const res = await post(server, { image: base64(await horizonPhoto(0)) }, cookie);
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('Only the site owner can do this.');
    const page = await (await fetch(`${server.url}/composition-analysis`, { headers: { cookie } })).text();
    expect(page).toContain('Admin Access Required');
    expect(page).not.toContain('/api/login?next=/composition-analysis');
    const visitor = await (await fetch(`${server.url}/composition-analysis`)).text();
    expect(visitor).toContain('/api/login?next=/composition-analysis');
  });
});
