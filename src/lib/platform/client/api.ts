// The browser's fetch helper: every call sends cookies; a non-OK
// response raises an HttpError whose message is "status: body text" (or the status text);
// a 401 on a read yields null; reads are retried up to 2 times (not on 4xx), mutations never.

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own message from a JSON error body ({ "message": ... }), when there is one. */
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

/** Throws an HttpError for a non-OK response ("status: body text", and the server's own message). */
export async function raiseIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  let serverMessage: string | undefined;
  try {
    serverMessage = (JSON.parse(text) as { message?: string }).message;
  } catch {
    serverMessage = undefined;
  }
  throw new HttpError(res.status, `${res.status}: ${text}`, serverMessage);
}

const RETRIES = 2;
const delayFor = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** GET JSON. Resolves null on 401 (no user), retries other failures except 4xx. */
export async function getJson<T>(path: string): Promise<T | null> {
  if (typeof path !== 'string' || path.length === 0) throw new TypeError('Invalid URL');
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(path, { credentials: 'include' });
      if (res.status === 401) return null;
      await raiseIfNotOk(res);
      return (await res.json()) as T;
    } catch (err) {
      const clientError = err instanceof HttpError && err.status >= 400 && err.status < 500;
      if (clientError || attempt >= RETRIES) {
        console.error(err);
        throw err;
      }
      await new Promise((r) => setTimeout(r, delayFor(attempt)));
    }
  }
}

/** A mutation with a JSON body (or none). Never retried. */
export async function sendJson<T = unknown>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  try {
    const res = await fetch(path, {
      method,
      credentials: 'include',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await raiseIfNotOk(res);
    const text = await res.text();
    return (text ? JSON.parse(text) : null) as T;
  } catch (err) {
    console.error(err);
    throw err;
  }
}
