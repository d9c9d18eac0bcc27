// One zod schema per payload, shared by the form and the endpoint (DESIGN.md, Conventions §1).
import { z } from 'zod';

export const signInSchema = z.object({
  email: z.email({ error: 'Please enter a valid email address' }).trim().toLowerCase(),
  password: z.string().min(1, 'Please enter your password').max(256),
  next: z.string().optional(),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeNextPath(next: string | undefined | null, fallback = '/admin'): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  return next;
}
