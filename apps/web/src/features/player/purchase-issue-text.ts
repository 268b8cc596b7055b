import type { TFunction } from 'i18next';
import type { IssueText } from '../../ui/form-fields.ts';

/** The kind of a purchase field's problem, as named in `player.validation.*`. */
function kind(issue: Parameters<IssueText>[1], value: unknown): 'required' | 'email' | 'phone' | 'tooLong' | 'format' {
  if (typeof value !== 'string' || value.trim() === '') return 'required';
  if (issue.code === 'too_big') return 'tooLong';
  if (issue.code === 'invalid_format' && issue.format === 'email') return 'email';
  if (issue.path[0] === 'phone') return 'phone';
  return 'format';
}

/** The purchase form's problem in the active language. */
export function purchaseIssueText(t: TFunction): IssueText {
  return (_field, issue, value) => t(`player.validation.${kind(issue, value)}`);
}
