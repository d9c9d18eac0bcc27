// Signed uploads from a test: ask for a URL as the owner, then PUT the bytes to it.
import { expect } from 'vitest';

export { tinyMp4 } from './fixtures';

export async function grantUpload(baseUrl: string, cookie: string, purpose?: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/objects/upload`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl, ...(purpose ? { 'content-type': 'application/json' } : {}) },
    body: purpose ? JSON.stringify({ purpose }) : undefined,
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { uploadURL: string };
  return body.uploadURL;
}

export const putUpload = (
  baseUrl: string,
  url: string,
  body: BodyInit | Buffer,
  headers: Record<string, string> = {},
) =>
  fetch(`${baseUrl}${url}`, {
    method: 'PUT',
    body: body as BodyInit,
    headers,
    duplex: 'half',
  } as RequestInit);
