// The browser's fetch helper: the endpoint's JSON error comes back typed (the message and the field it
// is about), a 401 on a read is "no user", a 401 on the owner's change signs the owner in again, and
// reads are retried twice, never after a 4xx, by getJson and by the dashboard's query client alike.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchJson, getJson, HttpError, mayRetryRead, retryDelay, sendJson } from '~/lib/platform/client/api';
import { makeQueryClient } from '~/lib/platform/client/query';

const answer = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('fetch helper', () => {
  it('hands back the endpoint’s error body typed: message and field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(422, { message: 'This code has expired.', field: 'discountCode' })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const err = await sendJson('POST', '/api/checkout/quote', { lines: [] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    const http = err as HttpError;
    expect(http.status).toBe(422);
    expect(http.body).toEqual({ message: 'This code has expired.', field: 'discountCode' });
    expect(http.serverMessage).toBe('This code has expired.');
    expect(http.message).toBe('422: {"message":"This code has expired.","field":"discountCode"}');
  });

  it('keeps a text body as the message and gives no typed body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(502, 'Bad gateway')),
    );
    const err = (await fetchJson('POST', '/api/x').catch((e: unknown) => e)) as HttpError;
    expect(err.message).toBe('502: Bad gateway');
    expect(err.body).toBeUndefined();
    expect(err.serverMessage).toBeUndefined();
  });

  it('reads a 401 as no user, and signs in again only on a change', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { message: 'Sign in first.' })),
    );
    expect(await fetchJson('GET', '/api/admin/orders')).toBeNull();
    const onUnauthorized = vi.fn();
    await expect(fetchJson('POST', '/api/admin/orders', { body: {}, onUnauthorized })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('retries a read twice after a 5xx, never after a 4xx', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers();
    const failing = vi.fn(async () => answer(503, { message: 'Busy' }));
    vi.stubGlobal('fetch', failing);
    const read = getJson('/api/x').catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await read).toBeInstanceOf(HttpError);
    expect(failing).toHaveBeenCalledTimes(3);

    const refused = vi.fn(async () => answer(404, { message: 'Not found' }));
    vi.stubGlobal('fetch', refused);
    await expect(getJson('/api/y')).rejects.toMatchObject({ status: 404 });
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('gives the dashboard’s query client the same retry rules', () => {
    const queries = makeQueryClient().getDefaultOptions().queries;
    expect(queries?.retry).toBe(mayRetryRead);
    expect(queries?.retryDelay).toBe(retryDelay);
    expect(mayRetryRead(0, new HttpError(503, '503: Busy'))).toBe(true);
    expect(mayRetryRead(2, new HttpError(503, '503: Busy'))).toBe(false);
    expect(mayRetryRead(0, new HttpError(404, '404: Not found'))).toBe(false);
    expect([0, 1, 5, 10].map(retryDelay)).toEqual([1000, 2000, 30_000, 30_000]);
  });
});
