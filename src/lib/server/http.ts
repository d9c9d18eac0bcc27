// Small helpers shared by the endpoints: JSON errors in the one shape of DESIGN.md
// ({ "message": ... } with the right status), never a stack trace.
import type { z } from 'zod';

export function jsonError(status: number, message: string, extra?: Record<string, unknown>): Response {
  return Response.json({ message, ...extra }, { status, headers: { 'Cache-Control': 'no-store' } });
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** JSON bodies of this site are small; a larger one is refused before it is held in memory. */
const MAX_JSON_BYTES = 256 * 1024;

async function readText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  const tooLarge = () => new HttpError(413, 'The request is too large.');
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads a JSON body and validates it: over maxBytes (256 KB unless an endpoint needs more) is a 413,
 * bad JSON or a failing schema a 400 with a readable message.
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = MAX_JSON_BYTES,
): Promise<z.infer<S>> {
  const text = await readText(request, maxBytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body must be valid JSON.');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    throw new HttpError(400, `${where}${first?.message ?? 'Invalid input.'}`);
  }
  return parsed.data;
}

/** Wraps an endpoint so that HttpErrors become JSON errors and anything else a plain 500. */
export function handle<C>(fn: (ctx: C) => Promise<Response> | Response): (ctx: C) => Promise<Response> {
  return async (ctx) => {
    try {
      return await fn(ctx);
    } catch (err) {
      if (err instanceof HttpError) return jsonError(err.status, err.message);
      console.error(err);
      return jsonError(500, 'Something went wrong on our side. Please try again.');
    }
  };
}
