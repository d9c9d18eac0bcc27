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

/** Adds a photo as the owner through the multipart form, from a plain JPEG of the given size. */
export async function addPhotoAsOwner(
  baseUrl: string,
  cookie: string,
  photo: { title: string; category?: string; width?: number; height?: number; color?: string },
): Promise<Response> {
  const { default: sharp } = await import('sharp');
  const jpeg = await sharp({
    create: {
      width: photo.width ?? 3000,
      height: photo.height ?? 2000,
      channels: 3,
      background: photo.color ?? '#4d6b58',
    },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('title', photo.title);
  form.set('category', photo.category ?? 'coastal');
  form.set('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  return fetch(`${baseUrl}/api/admin/photos`, {
    method: 'POST',
    body: form,
    headers: { cookie, origin: baseUrl },
  });
}

/** Adds a photo as the owner from form fields (an imageUrl of an earlier signed upload among them). */
export function postPhotoFields(baseUrl: string, cookie: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return fetch(`${baseUrl}/api/admin/photos`, {
    method: 'POST',
    body: form,
    headers: { cookie, origin: baseUrl },
  });
}
