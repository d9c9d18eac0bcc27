// Multipart forms of owner endpoints: capped while they stream (the file's limit and a little room for
// the text fields beside it), then validated by the shared schema.
import type { z } from 'zod';
import { fileTooLarge } from '~/lib/platform/server/http/http';
import { HttpError, isHttpError, readForm } from './http';

/** Room for the text fields and the multipart framing beside the file. */
const FIELDS_ROOM = 64 * 1024;

export async function readMultipart<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes: number,
): Promise<{ data: z.infer<S>; form: FormData }> {
  let form: FormData;
  try {
    form = await readForm(request, maxBytes + FIELDS_ROOM);
  } catch (err) {
    if (isHttpError(err) && err.status === 413) throw fileTooLarge(maxBytes);
    if (isHttpError(err) && err.status === 400) {
      throw new HttpError(400, 'The form could not be read. Please send it as multipart/form-data.');
    }
    throw err;
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string') fields[key] = value;
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid input.');
  return { data: parsed.data, form };
}

export function fileField(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : null;
}
