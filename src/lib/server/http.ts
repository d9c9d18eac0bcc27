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

/** Reads a JSON body and validates it; bad JSON or a failing schema become a 400 with a readable message. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await request.json();
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
