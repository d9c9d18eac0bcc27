// The owner's dashboard reads through TanStack Query with the owner's rules: data is never stale,
// no refetch on window focus and no polling; a failed read is retried as every read of the site is
// (api.ts: twice more, never after a 4xx); a mutation is never retried. A 401 on a read means
// "no user" and yields null; a 401 on a mutation signs the owner in again.
import { QueryClient } from '@tanstack/react-query';
import { fetchJson, HttpError, mayRetryRead, retryDelay } from './api';
import { notify } from './toaster';

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 0,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: mayRetryRead,
        retryDelay,
      },
      mutations: { retry: false },
    },
  });
}

/** A read for useQuery: the JSON, or null when the server says 401 (no user). */
export function read<T>(path: string): Promise<T | null> {
  return fetchJson<T>('GET', path);
}

const SIGN_IN_DELAY_MS = 500;

/** Says the owner is signed out and takes them to the sign-in page after 500 ms, back here after. */
function signInAgain(): void {
  notify('error', 'Unauthorized', 'You are logged out. Logging in again...');
  setTimeout(() => {
    window.location.href = `/api/login?next=${encodeURIComponent(location.pathname + location.search)}`;
  }, SIGN_IN_DELAY_MS);
}

/**
 * A change for useMutation: a JSON body, or a multipart form as it is. A 401 says so and takes the
 * owner to the sign-in page after 500 ms. Every owner change goes through here.
 */
export async function send<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  return (await fetchJson<T>(method, path, { body, onUnauthorized: signInAgain })) as T;
}

/** The server's own words for a failure, when it gave any. */
export function reason(err: unknown): string | undefined {
  return err instanceof HttpError ? err.serverMessage : undefined;
}
