import { useCallback, useState, type ChangeEvent } from 'react';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Fields whose only valid characters are digits; a format error there means exactly that. */
const DIGIT_FIELDS = new Set(['idNumber', 'bankNumber', 'branchNumber', 'accountNumber']);

/** The kind of problem, as named in `account.validation.*`. */
function issueKind(field: string, issue: Issue, value: unknown): string {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return 'required';
  switch (issue.code) {
    case 'too_small':
      return 'tooShort';
    case 'too_big':
      return 'tooLong';
    case 'invalid_format':
      if (issue.format === 'email') return 'email';
      return DIGIT_FIELDS.has(field) ? 'digitsOnly' : 'format';
    default:
      return 'format';
  }
}

/**
 * One field's problem in the active language: `account.validation.byField.{field}.{kind}` when that
 * field says it better, else `account.validation.{kind}`. Never zod's own English.
 */
export function translateIssue(field: string, issue: Issue, value: unknown, t: TFunction): string {
  const kind = issueKind(field, issue, value);
  const min = issue.code === 'too_small' ? Number(issue.minimum) : undefined;
  const max = issue.code === 'too_big' ? Number(issue.maximum) : undefined;
  return t([`account.validation.byField.${field}.${kind}`, `account.validation.${kind}`], { min, max });
}

export type Validation<T, F extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<F> };

/** Checks a form with the call's shared schema; the first problem of each field, translated. */
export function validate<S extends z.ZodType, F extends string>(
  schema: S,
  values: Record<F, unknown>,
  t: TFunction,
): Validation<z.output<S>, F> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (!(field in values) || errors[field]) continue;
    errors[field] = translateIssue(field, issue, values[field], t);
  }
  return { ok: false, errors };
}

/** Moves the keyboard to the first field marked invalid, after React has marked it. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  if (!form) return;
  window.requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** Text fields with their errors; a field's error clears when it is edited. */
export function useFields<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  const setValue = useCallback((name: F, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
  }, []);

  /** value, onChange and error props for one input; `clean` rewrites what is typed (e.g. digits only). */
  const field = (name: F, clean?: (value: string) => string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValue(name, clean ? clean(value) : value);
    },
  });

  return { values, errors, setErrors, setValue, field };
}
