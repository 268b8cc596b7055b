import { codeQtySchema } from '@streethunt/shared';

/** What the number-of-codes field holds, as the form reads it at generate time. */
export type CountCheck = { ok: true; qty: number } | { ok: false; problem: 'required' | 'tooMany' };

/** The shared rule's verdict on `text` (codeQtySchema: digits without a leading zero, 1..GENERATE_CODES_MAX). */
function issuesOf(text: string) {
  const result = codeQtySchema.safeParse(text);
  return result.success ? { qty: result.data, issues: [] } : { qty: null, issues: result.error.issues };
}

/**
 * Whether the field takes `text` at all (spec section 5: only empty or a positive integer without a
 * leading zero). Too many is still a number the admin may be typing on the way to fixing it, so it
 * is taken and said inline (checkCount) rather than refused.
 */
export function acceptsCount(text: string): boolean {
  if (text === '') return true;
  const { issues } = issuesOf(text);
  return issues.every((issue) => issue.code === 'too_big');
}

/** The field's value at generate time: a quantity, or why not (anything the field refuses counts as no number). */
export function checkCount(text: string): CountCheck {
  const { qty, issues } = issuesOf(text);
  if (qty !== null) return { ok: true, qty };
  return text !== '' && issues.every((issue) => issue.code === 'too_big') ? { ok: false, problem: 'tooMany' } : { ok: false, problem: 'required' };
}
