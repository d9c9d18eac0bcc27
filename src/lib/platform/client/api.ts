// The browser's one fetch helper. Every call sends cookies; a non-OK response raises an HttpError
// whose message is "status: body text" (or the status text) and whose body is the endpoint's JSON
// error, typed. A 401 means "no user": a read yields null, and the owner's changes (send in query.ts)
// take the owner to the sign-in page. A read that fails is tried twice more, after 1 s then 2 s
// (doubling, at most 30 s), never after a 4xx; a change is never retried. The owner's dashboard
// (TanStack Query, query.ts) and the public islands follow these same rules.

/**
 * An endpoint's JSON error ({ "message": ... } and what it adds beside the message): the form field
 * the message is about, PayPal's issue with a payment, or a payment's status and its order's id.
 */
export interface ErrorBody {
  message: string;
  field?: string;
  issue?: string;
  status?: string;
  orderId?: string;
}

export class HttpError extends Error {
  /** The server's own message from a JSON error body, when there is one. */
  readonly serverMessage?: string;

  constructor(
    readonly status: number,
    message: string,
    /** The endpoint's JSON error body, when it sent one. */
    readonly body?: ErrorBody,
  ) {
    super(message);
    this.serverMessage = body?.message;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The endpoint's error body, when the text is a JSON object with a message; its other keys only when strings. */
function errorBody(text: string): ErrorBody | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || typeof parsed.message !== 'string') return undefined;
  const body: ErrorBody = { message: parsed.message };
  for (const key of ['field', 'issue', 'status', 'orderId'] as const) {
    const value = parsed[key];
    if (typeof value === 'string') body[key] = value;
  }
  return body;
}

/** Throws an HttpError for a non-OK response ("status: body text", and the typed error body). */
export async function raiseIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new HttpError(res.status, `${res.status}: ${text}`, errorBody(text));
}

/** How many times a failed read is tried again. */
export const READ_RETRIES = 2;

const isClientError = (err: unknown) => err instanceof HttpError && err.status >= 400 && err.status < 500;

/** Whether a read that has failed `failures` times before this failure (`err`) is tried again. */
export const mayRetryRead = (failures: number, err: unknown): boolean =>
  !isClientError(err) && failures < READ_RETRIES;

/** The wait before the try after `attempt` failures (0: the first failure): 1 s, 2 s, ... at most 30 s. */
export const retryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 30_000);

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface FetchOptions {
  /** A JSON body, or a multipart form sent as it is. */
  body?: unknown;
  /** Called on a 401 before the error is raised (the owner's changes sign the owner in again). */
  onUnauthorized?: () => void;
}

/**
 * One request: the JSON answer (null for an empty one), null on a 401 of a GET (no user), or an
 * HttpError for any other failure.
 */
export async function fetchJson<T>(
  method: Method,
  path: string,
  options: FetchOptions = {},
): Promise<T | null> {
  const { body, onUnauthorized } = options;
  const form = body instanceof FormData;
  const res = await fetch(
    path,
    method === 'GET'
      ? { credentials: 'include' }
      : {
          method,
          credentials: 'include',
          headers: body === undefined || form ? {} : { 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : form ? body : JSON.stringify(body),
        },
  );
  if (res.status === 401) {
    if (method === 'GET') return null;
    onUnauthorized?.();
  }
  await raiseIfNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T | null;
}

/** GET JSON. Resolves null on 401 (no user), retries other failures except 4xx. */
export async function getJson<T>(path: string): Promise<T | null> {
  if (typeof path !== 'string' || path.length === 0) throw new TypeError('Invalid URL');
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetchJson<T>('GET', path);
    } catch (err) {
      if (!mayRetryRead(attempt, err)) {
        console.error(err);
        throw err;
      }
      await new Promise((r) => setTimeout(r, retryDelay(attempt)));
    }
  }
}

/** A mutation with a JSON body (or none). Never retried. */
export async function sendJson<T = unknown>(
  method: Exclude<Method, 'GET'>,
  path: string,
  body?: unknown,
): Promise<T> {
  try {
    return (await fetchJson<T>(method, path, { body })) as T;
  } catch (err) {
    console.error(err);
    throw err;
  }
}
