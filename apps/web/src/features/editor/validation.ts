import type { TFunction } from 'i18next';
import { VALIDATION_ERRORS, VALIDATION_FIELDS, type GameValidationError, type ValidationErrorKind, type ValidationField } from '@streethunt/shared';
import { selectionKey, type Selection } from './selection.ts';

/** Where an error takes the creator: a node of the tree, or the 'add question' button (a game with none). */
export type ErrorTarget = Selection | { kind: 'addQuestion' };

export const ADD_QUESTION_KEY = 'addQuestion';

/** The tree node of an error's path (`metadata.name`, `questions.0.hints.1.content`, as validateGame names them). */
export function targetOfPath(path: string): ErrorTarget {
  const [head, ...rest] = path.split('.');
  if (head === 'metadata') return rest[0] === 'location' ? { kind: 'metadataLocation' } : { kind: 'metadata' };
  if (head === 'introPage') return { kind: 'intro' };
  if (head === 'gameoverPage') return { kind: 'gameover' };
  if (head !== 'questions' || rest.length === 0) return { kind: 'addQuestion' };
  const question = Number(rest[0]);
  if (!Number.isInteger(question) || question < 0) return { kind: 'addQuestion' };
  switch (rest[1]) {
    case 'location':
      return { kind: 'questionLocation', question };
    case 'answer':
      return rest[2] === 'content' ? { kind: 'answerBefore', question } : rest[2] === 'contentAfterAnswer' ? { kind: 'answerAfter', question } : { kind: 'answer', question };
    case 'hints': {
      const hint = Number(rest[2]);
      return Number.isInteger(hint) && hint >= 0 ? { kind: 'hint', question, hint } : { kind: 'question', question };
    }
    default:
      return { kind: 'question', question };
  }
}

const targetKey = (target: ErrorTarget) => (target.kind === 'addQuestion' ? ADD_QUESTION_KEY : selectionKey(target));

/** The keys of the nodes to mark red. */
export function invalidKeys(errors: readonly EditorIssue[]): Set<string> {
  return new Set(errors.map((error) => targetKey(targetOfPath(error.path))));
}

/**
 * An error as the editor shows it: validateGame's own, or one of the server's 422 issues, which carry
 * the same fields; an issue without them keeps the server's message.
 */
export type EditorIssue = Pick<GameValidationError, 'path' | 'message'> & Partial<Pick<GameValidationError, 'error' | 'field' | 'question' | 'hint' | 'option' | 'detail'>>;

/** The message of an error: `ge.validation.{error}.{field}` with the 1-based question and hint numbers (spec section 5). */
export function issueMessage(t: TFunction, issue: EditorIssue): string {
  if (!issue.error || !issue.field) return issue.message;
  return t(`ge.validation.${issue.error}.${issue.field}`, { question: issue.question, hint: issue.hint, option: issue.option, detail: issue.detail ?? '' });
}

const isKind = (value: unknown): value is ValidationErrorKind => (VALIDATION_ERRORS as readonly unknown[]).includes(value);
const isField = (value: unknown): value is ValidationField => (VALIDATION_FIELDS as readonly unknown[]).includes(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** The issues of a 422 reply to send to approval (`{ message, code, issues }`), as far as they are understood. */
export function issuesOfReply(body: unknown): EditorIssue[] {
  const issues = (body as { issues?: unknown } | null | undefined)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((raw: unknown): EditorIssue[] => {
    const issue = raw as Record<string, unknown> | null;
    if (!issue || typeof issue.path !== 'string') return [];
    return [
      {
        path: issue.path,
        message: typeof issue.message === 'string' ? issue.message : '',
        ...(isKind(issue.error) && isField(issue.field) && { error: issue.error, field: issue.field }),
        ...(isCount(issue.question) && { question: issue.question }),
        ...(isCount(issue.hint) && { hint: issue.hint }),
        ...(isCount(issue.option) && { option: issue.option }),
        ...(typeof issue.detail === 'string' && { detail: issue.detail }),
      },
    ];
  });
}

/** The first error of each field path, for the edit panel's inputs. */
export function errorsByPath(issues: readonly EditorIssue[]): Map<string, EditorIssue> {
  const byPath = new Map<string, EditorIssue>();
  for (const issue of issues) if (!byPath.has(issue.path)) byPath.set(issue.path, issue);
  return byPath;
}
