import { AppError } from '../../../platform/errors.ts';

/** Where in a file a problem is: the element (or field) and, when the parser knows it, the line. */
export type Where = { element?: string; line?: number };

/**
 * A file that cannot become a game: 400 `validation`, its message naming what is wrong and where,
 * so the creator can fix the file. Nothing is created.
 */
export function fileProblem(message: string, where: Where = {}): AppError {
  const at = [where.element && `in ${where.element}`, where.line && `line ${where.line}`].filter(Boolean).join(', ');
  return new AppError(400, 'validation', at ? `${message} (${at})` : message);
}
