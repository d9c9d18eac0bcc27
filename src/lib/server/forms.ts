// Multipart forms of owner calls: bounded before parsing, then validated by the shared schema.
import type { z } from 'zod';
import { HttpError } from './http';
import { tooLarge } from './uploads/receive';

export async function readMultipart<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes: number,
): Promise<{ data: z.infer<S>; form: FormData }> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  // A little room for the text fields beside the file.
  if (Number.isFinite(declared) && declared > maxBytes + 64 * 1024) throw tooLarge(maxBytes);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new HttpError(400, 'The form could not be read. Please send it as multipart/form-data.');
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
