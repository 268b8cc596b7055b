import { visibleText } from '@streethunt/shared';

/** A rich text's first words, at most `max` characters with an ellipsis: to know a question by in a list, a select or a box. */
export function firstWords(html: string, max: number): string {
  const text = visibleText(html);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
