// Small helpers shared by the endpoints: JSON errors in one format ({ "message": ... } with the
// right status), never a stack trace; and the one capped reader of request bodies.
import { z } from 'zod';
import { getLog } from '~/lib/platform/server/log';

export function jsonError(status: number, message: string, extra?: Record<string, unknown>): Response {
  return Response.json({ message, ...extra }, { status, headers: { 'Cache-Control': 'no-store' } });
}

/**
 * An error with the HTTP status to answer; recognised by its `code` (isHttpError), not by `instanceof`.
 * `extra` goes into the answer beside the message (a form's field the message is about, say).
 */
export class HttpError extends Error {
  readonly code = 'HTTP_ERROR';
  constructor(
    readonly status: number,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** JSON bodies of this site are small; a larger one is refused before it is held in memory. */
export const MAX_JSON_BYTES = 256 * 1024;
/** Small forms (an enquiry, signing in or out): a few fields of text. */
export const MAX_FORM_BYTES = 64 * 1024;

/** The refusal of a body over its cap. */
export const tooLarge = () => new HttpError(413, 'The request is too large.');
/** The refusal of a body the client stopped sending midway. */
export const unreadable = () => new HttpError(400, 'The request body could not be read.');

/**
 * The one reader of request bodies: at most maxBytes, counted while the body streams, so a body
 * sent in chunks without a Content-Length is stopped at the cap too (413). A declared
 * Content-Length over the cap is refused before reading.
 * Over the cap the rest is left unread, not cancelled: cancelling the body destroys the socket
 * before the 413 can be written. The front discards what is left after the answer.
 * Hand-written because the Fetch API's own readers (json, formData, text) have no size limit.
 */
export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      throw unreadable();
    }
    if (next.done) break;
    size += next.value.length;
    if (size > maxBytes) {
      reader.releaseLock();
      throw tooLarge();
    }
    chunks.push(next.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/**
 * Reads a url-encoded or multipart form of at most maxBytes (413 beyond), parsed from the bytes
 * read by readBody; a body that is not such a form is a 400.
 */
export async function readForm(request: Request, maxBytes: number): Promise<FormData> {
  const bytes = await readBody(request, maxBytes);
  const type = request.headers.get('content-type') ?? '';
  try {
    return await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new HttpError(400, 'The form could not be read.');
  }
}

/**
 * Reads a JSON body and validates it: over maxBytes (256 KB unless an endpoint needs more) is a 413,
 * bad JSON or a failing schema a 400 with a readable message. Any zod schema will do, the full
 * library's or zod/mini's.
 */
export async function readJson<S extends z.core.$ZodType>(
  request: Request,
  schema: S,
  maxBytes = MAX_JSON_BYTES,
): Promise<z.output<S>> {
  return parseJson(await readBody(request, maxBytes), schema);
}

/**
 * Validates JSON bytes as readJson does (bad JSON or a failing schema is a 400 with a readable
 * message), for a body the node:http front has read itself.
 */
export function parseJson<S extends z.core.$ZodType>(bytes: Uint8Array, schema: S): z.output<S> {
  const text = new TextDecoder().decode(bytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body must be valid JSON.');
  }
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const field = first?.path.length ? first.path.join('.') : undefined;
    throw new HttpError(400, issueSentence(first), field ? { field } : undefined);
  }
  return parsed.data;
}

/** zod's own wording, which names no field: a schema that says nothing better gets a sentence here. */
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized key|Expected)/;

/** "endsAt" or "updates.0.price" as words: "ends at", "updates 1 price". */
const fieldWords = (path: readonly PropertyKey[]): string =>
  path
    .map((p) => (typeof p === 'number' ? String(p + 1) : String(p).replace(/([a-z])([A-Z])/g, '$1 $2')))
    .join(' ')
    .toLowerCase();

/**
 * The sentence a person reads for a refused payload: the schema's own message, which is written for
 * them and never starts with a field's name; zod's built-in wording only says which value to check.
 */
export function issueSentence(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'Please check what was sent.';
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  return issue.path.length
    ? `Please check the value of “${fieldWords(issue.path)}”: it is missing or not valid.`
    : 'Please check what was sent: it is not in the form this page expects.';
}

export function isHttpError(err: unknown): err is HttpError {
  return (err as { code?: unknown } | null)?.code === 'HTTP_ERROR';
}

/** Wraps an endpoint so that HttpErrors become JSON errors and anything else a plain 500. */
export function handle<C>(fn: (ctx: C) => Promise<Response> | Response): (ctx: C) => Promise<Response> {
  return async (ctx) => {
    try {
      return await fn(ctx);
    } catch (err) {
      if (isHttpError(err)) return jsonError(err.status, err.message, err.extra);
      getLog().error({ err }, 'Unexpected error');
      return jsonError(500, 'Something went wrong on our side. Please try again.');
    }
  };
}

/** A file over its cap, in megabytes as the owner reads the limits. */
export function fileTooLarge(maxBytes: number): HttpError {
  return new HttpError(413, `The file is larger than the ${Math.round(maxBytes / (1024 * 1024))} MB limit.`);
}
