import type { TFunction } from 'i18next';
import type { z } from 'zod';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;
export type Validation<T, F extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<F> };

/** The kind of a field's problem, as named in `player.validation.*`; never zod's own English. */
function kind(issue: z.core.$ZodIssue, value: unknown): 'required' | 'email' | 'phone' | 'tooLong' | 'format' {
  if (typeof value !== 'string' || value.trim() === '') return 'required';
  if (issue.code === 'too_big') return 'tooLong';
  if (issue.code === 'invalid_format' && issue.format === 'email') return 'email';
  if (issue.path[0] === 'phone') return 'phone';
  return 'format';
}

/** Checks a form with the call's shared schema; the first problem of each field, translated. */
export function validateFields<S extends z.ZodType, F extends string>(schema: S, values: Record<F, string>, t: TFunction): Validation<z.output<S>, F> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (!(field in values) || errors[field]) continue;
    errors[field] = t(`player.validation.${kind(issue, values[field])}`);
  }
  return { ok: false, errors };
}
