// Requests to a running site as its signed-in owner, from the site's own origin: JSON bodies as
// objects, or raw text to send as it is (garbage, a huge body). Headers given override the owner's
// (another origin, no cookie). `message` reads the sentence of an error answer.
import type { RunningServer } from './server';

export function ownerRequests(site: () => RunningServer, cookie: () => string) {
  return (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${site().url}${path}`, {
      method,
      headers: {
        cookie: cookie(),
        origin: site().url,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
}

export const message = async (res: Response) => ((await res.json()) as { message: string }).message;
