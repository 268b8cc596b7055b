import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;
export type Validation<T, F extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<F> };

/** One field's problem in the active language, in the words of the form's feature; never zod's own English. */
export type IssueText = (field: string, issue: z.core.$ZodIssue, value: unknown) => string;

/** Checks a form with the call's shared schema (the one the server checks it with); the first problem of each field, in words. */
export function validateFields<S extends z.ZodType, F extends string>(schema: S, values: Record<F, unknown>, issueText: IssueText): Validation<z.output<S>, F> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (!(field in values) || errors[field]) continue;
    errors[field] = issueText(field, issue, values[field]);
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

/**
 * A form's submit with its values checked (`result`): when they fail, `onInvalid` runs (e.g. the
 * last reply's error is cleared), the fields show their errors and the keyboard moves to the first;
 * else `onValid` gets the checked data. The browser's own submit never happens.
 */
export function submitChecked<T, F extends string>(
  event: FormEvent<HTMLFormElement>,
  result: Validation<T, F>,
  form: { setErrors(errors: FieldErrors<F>): void },
  onValid: (data: T) => void,
  onInvalid?: () => void,
): void {
  event.preventDefault();
  if (result.ok) return onValid(result.data);
  onInvalid?.();
  form.setErrors(result.errors);
  focusFirstInvalid(event.currentTarget);
}
