import type { TFunction } from 'i18next';
import type { IssueText } from '../../ui/form-fields.ts';

/** Fields whose only valid characters are digits; a format error there means exactly that. */
const DIGIT_FIELDS = new Set(['idNumber', 'bankNumber', 'branchNumber', 'accountNumber']);

/** The kind of problem, as named in `account.validation.*`. */
function issueKind(field: string, issue: Parameters<IssueText>[1], value: unknown): string {
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
 * An account form's problem in the active language: `account.validation.byField.{field}.{kind}` when that
 * field says it better, else `account.validation.{kind}`.
 */
export function accountIssueText(t: TFunction): IssueText {
  return (field, issue, value) => {
    const kind = issueKind(field, issue, value);
    const min = issue.code === 'too_small' ? Number(issue.minimum) : undefined;
    const max = issue.code === 'too_big' ? Number(issue.maximum) : undefined;
    return t([`account.validation.byField.${field}.${kind}`, `account.validation.${kind}`], { min, max });
  };
}
