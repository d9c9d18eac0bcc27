// The owner's dashboard reads through TanStack Query with the owner's rules: data is never stale,
// no refetch on window focus and no polling; a failed read is tried twice more, after 1 s then
// 2 s (doubling, at most 30 s), but never after a 4xx; a mutation is never retried. A 401 on a read
// means "no user" and yields null; a 401 on a mutation signs the owner in again.
import { QueryClient } from '@tanstack/react-query';
import { HttpError, raiseIfNotOk } from '~/lib/platform/client/api';
import { notify } from '~/lib/platform/client/toaster';

const isClientError = (err: unknown) => err instanceof HttpError && err.status >= 400 && err.status < 500;

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 0,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: (failures, err) => !isClientError(err) && failures < 2,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
      mutations: { retry: false },
    },
  });
}

/** A read for useQuery: the JSON, or null when the server says 401 (no user). */
export async function read<T>(path: string): Promise<T | null> {
  const res = await fetch(path, { credentials: 'include' });
  if (res.status === 401) return null;
  await raiseIfNotOk(res);
  return (await res.json()) as T;
}

const SIGN_IN_DELAY_MS = 500;

/**
 * A change for useMutation: a JSON body, or a multipart form as it is. A 401 says so and takes the
 * owner to the sign-in page after 500 ms. Every owner change goes through here.
 */
export async function send<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const form = body instanceof FormData;
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined || form ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  if (res.status === 401) {
    notify('error', 'Unauthorized', 'You are logged out. Logging in again...');
    setTimeout(() => {
      window.location.href = `/api/login?next=${encodeURIComponent(location.pathname + location.search)}`;
    }, SIGN_IN_DELAY_MS);
  }
  await raiseIfNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The server's own words for a failure, when it gave any. */
export function reason(err: unknown): string | undefined {
  return err instanceof HttpError ? err.serverMessage : undefined;
}
