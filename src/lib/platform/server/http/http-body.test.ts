import { describe, expect, it } from 'vitest';
import { HttpError, readBody, readForm, readJson } from '~/lib/platform/server/http/http';

/** A request whose body comes in chunks and declares no length, like HTTP chunked encoding. */
function chunked(chunks: (string | Uint8Array)[], contentType = 'application/octet-stream'): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(typeof c === 'string' ? new TextEncoder().encode(c) : c);
      controller.close();
    },
  });
  return new Request('http://x/', {
    method: 'POST',
    body,
    headers: { 'content-type': contentType },
    duplex: 'half',
  } as RequestInit);
}

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    return err instanceof HttpError ? err.status : 500;
  }
}

describe('readBody', () => {
  it('reads a body under the cap, declared or not', async () => {
    expect(new TextDecoder().decode(await readBody(chunked(['ab', 'cd']), 4))).toBe('abcd');
    expect((await readBody(new Request('http://x/'), 4)).length).toBe(0);
  });

  it('stops a body without Content-Length at the cap with a 413, without reading the rest', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const req = new Request('http://x/', { method: 'POST', body: endless, duplex: 'half' } as RequestInit);
    const err = await readBody(req, 10 * 1024).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(413);
    expect((err as HttpError).message).toMatch(/too large/i);
    expect(pulled).toBeLessThan(20);
  });

  it('refuses a declared length over the cap before reading', async () => {
    const req = new Request('http://x/', {
      method: 'POST',
      body: 'x',
      headers: { 'content-length': '99999' },
    });
    expect(await status(readBody(req, 10))).toBe(413);
  });
});

describe('readForm', () => {
  it('parses url-encoded and multipart forms under the cap', async () => {
    const url = await readForm(chunked(['a=1&b=', 'two'], 'application/x-www-form-urlencoded'), 100);
    expect(Object.fromEntries(url)).toEqual({ a: '1', b: 'two' });
    const fd = new FormData();
    fd.set('title', 'Lough Tay');
    fd.set('image', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), 'a.jpg');
    const multipart = await readForm(new Request('http://x/', { method: 'POST', body: fd }), 10_000);
    expect(multipart.get('title')).toBe('Lough Tay');
    expect((multipart.get('image') as File).size).toBe(3);
  });

  it('is 413 over the cap and 400 for a body that is not a form', async () => {
    const big = chunked(['a=', 'x'.repeat(70_000)], 'application/x-www-form-urlencoded');
    expect(await status(readForm(big, 64 * 1024))).toBe(413);
    expect(await status(readForm(chunked(['{}'], 'application/json'), 100))).toBe(400);
  });
});

describe('readJson', () => {
  it('is capped while streaming too', async () => {
    const big = chunked(['{"a":"', 'x'.repeat(300_000), '"}'], 'application/json');
    const { z } = await import('zod');
    expect(await status(readJson(big, z.object({ a: z.string() })))).toBe(413);
  });

  it('refuses a payload with a sentence that names no field, and says which field apart', async () => {
    const { z } = await import('zod');
    const schema = z.object({
      endsAt: z.string().min(1, 'Give the sale an end.'),
      percentOff: z.number(),
    });
    const refusal = async (body: unknown) => {
      try {
        await readJson(chunked([JSON.stringify(body)], 'application/json'), schema);
      } catch (err) {
        return { message: (err as HttpError).message, extra: (err as HttpError).extra };
      }
      throw new Error('accepted');
    };
    expect(await refusal({ endsAt: '', percentOff: 5 })).toEqual({
      message: 'Give the sale an end.',
      extra: { field: 'endsAt' },
    });
    // zod's own wording names no field: the sentence says which value to check, in words.
    expect(await refusal({ endsAt: 'x', percentOff: 'five' })).toEqual({
      message: 'Please check the value of “percent off”: it is missing or not valid.',
      extra: { field: 'percentOff' },
    });
  });
});
