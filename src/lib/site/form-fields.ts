// Form fields that several features' schemas are built from.
import { z } from 'zod';

export const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max, `${label} must be at most ${max} characters`).optional(),
  );
