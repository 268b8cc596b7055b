import { LANGUAGES, type EditableGame, type Language } from '@streethunt/shared';

/*
 * The editor's side of a game in two languages (DESIGN.md section 13): where each text of the original
 * is, by the dotted paths of text-fields.ts (`questions.q1.options.a`), which tree node shows it, and
 * a translation changed at one path. Pure functions, tested without React.
 */

/** The language a game is translated into: the platform's other one. */
export function translationLanguageOf(game: EditableGame): Language {
  return LANGUAGES.find((language) => language !== game.metadata.language) ?? game.metadata.language;
}

/** The texts of a question's rules' `say` actions, in rule order: what `say.N` of a translation stands for. */
function saysOf(question: EditableGame['questions'][number]): string[] {
  return (question.then ?? []).flatMap((rule) => rule.do.flatMap((action) => ('say' in action ? [action.say] : [])));
}

/** The original's text at a translation path ('' when it has none there). */
export function originalText(game: EditableGame, path: string): string {
  const [root, id, ...rest] = path.split('.');
  if (root === 'metadata') return String(game.metadata[id as 'name' | 'locationCity' | 'locationText'] ?? '');
  if (root === 'introPage') return game.introPage.content;
  if (root === 'gameoverPage') return game.gameoverPage.content;
  const question = game.questions.find((q) => q.id === id);
  if (!question) return '';
  const [part, key, field] = rest;
  const answer = question.answer;
  switch (part) {
    case 'content':
      return question.content;
    case 'answer':
      return key === 'contentAfterAnswer' ? answer.contentAfterAnswer : answer.content;
    case 'answers':
      return answer.kind === 'text' ? answer.value : '';
    case 'options':
      return answer.kind === 'choice' ? (answer.options.find((option) => option.id === key)?.text ?? '') : '';
    case 'hints': {
      const hint = question.hints.find((h) => h.id === key);
      return (field === 'title' ? hint?.title : hint?.content) ?? '';
    }
    case 'say':
      return saysOf(question)[Number(key)] ?? '';
    default:
      return '';
  }
}

type Tree = { [key: string]: Tree | Tree[] | string | string[] | undefined } | string[];

/** `tree` with `text` at `parts`; an emptied text goes, and so does an object left empty (an unchanged translation compares equal). */
function setIn(tree: Tree | undefined, parts: string[], text: string, parent?: string): Tree | undefined {
  const [head, ...rest] = parts;
  if (head === undefined) return tree;
  // The `say` texts are a list by position: a hole stays '' so the later ones keep their places.
  if (parent === 'say') {
    const list = [...((tree as string[] | undefined) ?? [])];
    const at = Number(head);
    while (list.length <= at) list.push('');
    list[at] = text;
    while (list.length > 0 && list[list.length - 1] === '') list.pop();
    return list.length > 0 ? list : undefined;
  }
  const next: Record<string, unknown> = { ...(tree ?? {}) };
  const value = rest.length === 0 ? (text === '' ? undefined : text) : setIn(next[head] as Tree | undefined, rest, text, head);
  if (value === undefined) delete next[head];
  else next[head] = value;
  return Object.keys(next).length > 0 ? (next as Tree) : undefined;
}

/** The game's translations with `text` at `path` of `language`'s (the original's own language is not a translation: unchanged). */
export function withTranslation(game: EditableGame, language: Language, path: string, text: string): EditableGame {
  if (language === game.metadata.language) return game;
  const translations = setIn(game.translations as Tree | undefined, [language, ...path.split('.')], text) as EditableGame['translations'];
  const next = { ...game, translations };
  if (translations === undefined) delete next.translations;
  return next;
}

/** The tree node (selection.ts's keys) that shows the text at `path`; null for a question the game lacks. */
export function nodeKeyOfPath(game: EditableGame, path: string): string | null {
  const [root, id, part, key, field] = path.split('.');
  if (root === 'metadata') return 'metadata';
  if (root === 'introPage') return 'intro';
  if (root === 'gameoverPage') return 'gameover';
  const q = game.questions.findIndex((question) => question.id === id);
  if (q < 0) return null;
  switch (part) {
    case 'answer':
      return `q${q}/${key === 'contentAfterAnswer' ? 'answerAfter' : 'answerBefore'}`;
    case 'answers':
    case 'options':
      return `q${q}/answer`;
    case 'hints': {
      const h = game.questions[q]!.hints.findIndex((hint) => hint.id === key);
      return h < 0 || field === undefined ? null : `q${q}/hint${h}`;
    }
    default:
      // The question's text and its rules' lines are on the question's panel.
      return `q${q}`;
  }
}
