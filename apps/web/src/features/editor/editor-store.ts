import { MAX_HINTS, MAX_QUESTIONS, emptyHint, emptyQuestion, type EditableGame, type Language } from '@streethunt/shared';
import { rulesForOptions } from './flow-rules.ts';
import { withTranslation } from './translation-texts.ts';

// The editor's working copy and every change to it: one pure function per change (editor-store.test.ts),
// and the reducer that applies them. A change that names nothing that exists returns the same game.

export type Metadata = EditableGame['metadata'];
export type Question = EditableGame['questions'][number];
export type Answer = Question['answer'];
export type Hint = Question['hints'][number];
export type Gameover = EditableGame['gameoverPage'];
export type QuestionPatch = Partial<Pick<Question, 'content' | 'audio' | 'location' | 'presence' | 'when' | 'then' | 'stepFree' | 'alternative'>>;
/** Up or down the list. */
export type Step = -1 | 1;

export type EditorAction =
  /** The whole copy at once: loaded, restored from the device, or the server's after a save. */
  | { type: 'replace'; game: EditableGame }
  | { type: 'metadata'; patch: Partial<Metadata> }
  | { type: 'intro'; content: string }
  | { type: 'gameover'; patch: Partial<Gameover> }
  /** `when` or `then` set to undefined: the question has none. */
  | { type: 'question'; question: number; patch: QuestionPatch }
  /** The whole answer: its kind decides its fields. */
  | { type: 'answer'; question: number; answer: Answer }
  | { type: 'hint'; question: number; hint: number; patch: Partial<Hint> }
  | { type: 'addQuestion' }
  | { type: 'deleteQuestion'; question: number }
  | { type: 'moveQuestion'; question: number; by: Step }
  | { type: 'addHint'; question: number }
  | { type: 'deleteHint'; question: number; hint: number }
  | { type: 'moveHint'; question: number; hint: number; by: Step }
  /** One text of the translation into `language`, at a path of text-fields.ts (`questions.q1.hints.h1.title`); '' removes it. */
  | { type: 'translation'; language: Language; path: string; text: string };

/** The list with item `index` swapped with its neighbour `by` away; the same list at the ends. */
function moved<T>(list: readonly T[], index: number, by: Step): readonly T[] {
  const target = index + by;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return list;
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

function withQuestion(game: EditableGame, index: number, change: (question: Question) => Question): EditableGame {
  const question = game.questions[index];
  if (!question) return game;
  const next = change(question);
  if (next === question) return game;
  const questions = [...game.questions];
  questions[index] = next;
  return { ...game, questions };
}

export const setMetadata = (game: EditableGame, patch: Partial<Metadata>): EditableGame => ({ ...game, metadata: { ...game.metadata, ...patch } });

export const setIntro = (game: EditableGame, content: string): EditableGame => ({ ...game, introPage: { content } });

export const setGameover = (game: EditableGame, patch: Partial<Gameover>): EditableGame => ({ ...game, gameoverPage: { ...game.gameoverPage, ...patch } });

/** The question's fields; a flow rule set to undefined is removed, not kept as an empty key. */
export const setQuestion = (game: EditableGame, index: number, patch: QuestionPatch): EditableGame =>
  withQuestion(game, index, (question) => {
    const next: Question = { ...question, ...patch };
    if (next.when === undefined) delete next.when;
    if (next.then === undefined) delete next.then;
    if (next.stepFree === undefined) delete next.stepFree;
    if (next.alternative === undefined) delete next.alternative;
    return next;
  });

/** The whole answer; a rule on an option the answer no longer has goes with the option. */
export const setAnswer = (game: EditableGame, index: number, answer: Answer): EditableGame =>
  withQuestion(game, index, (question) => {
    const next: Question = { ...question, answer };
    const then = rulesForOptions(question.then, answer);
    if (then === undefined) delete next.then;
    else next.then = then;
    return next;
  });

/** A hint's fields; an emptied title is dropped, so the hint is called 'Hint n' again. */
export function setHint(game: EditableGame, index: number, hintIndex: number, patch: Partial<Hint>): EditableGame {
  return withQuestion(game, index, (question) => {
    const hint = question.hints[hintIndex];
    if (!hint) return question;
    const next: Hint = { ...hint, ...patch };
    if (!next.title) delete next.title;
    const hints = [...question.hints];
    hints[hintIndex] = next;
    return { ...question, hints };
  });
}

/** An empty question at the end (none past MAX_QUESTIONS). */
export const addQuestion = (game: EditableGame): EditableGame =>
  game.questions.length >= MAX_QUESTIONS ? game : { ...game, questions: [...game.questions, emptyQuestion()] };

export const deleteQuestion = (game: EditableGame, index: number): EditableGame =>
  game.questions[index] ? { ...game, questions: game.questions.filter((_, i) => i !== index) } : game;

export function moveQuestion(game: EditableGame, index: number, by: Step): EditableGame {
  const questions = moved(game.questions, index, by);
  return questions === game.questions ? game : { ...game, questions: [...questions] };
}

/** An empty hint at the end of the question's hints (none past MAX_HINTS). */
export const addHint = (game: EditableGame, index: number): EditableGame =>
  withQuestion(game, index, (question) => (question.hints.length >= MAX_HINTS ? question : { ...question, hints: [...question.hints, emptyHint()] }));

export const deleteHint = (game: EditableGame, index: number, hintIndex: number): EditableGame =>
  withQuestion(game, index, (question) => (question.hints[hintIndex] ? { ...question, hints: question.hints.filter((_, i) => i !== hintIndex) } : question));

export const moveHint = (game: EditableGame, index: number, hintIndex: number, by: Step): EditableGame =>
  withQuestion(game, index, (question) => {
    const hints = moved(question.hints, hintIndex, by);
    return hints === question.hints ? question : { ...question, hints: [...hints] };
  });

/** One text of a translation; the game's own language has none (its texts are the original). */
export const setTranslation = (game: EditableGame, language: Language, path: string, text: string): EditableGame => withTranslation(game, language, path, text);

export function editorReducer(game: EditableGame, action: EditorAction): EditableGame {
  switch (action.type) {
    case 'replace':
      return action.game;
    case 'metadata':
      return setMetadata(game, action.patch);
    case 'intro':
      return setIntro(game, action.content);
    case 'gameover':
      return setGameover(game, action.patch);
    case 'question':
      return setQuestion(game, action.question, action.patch);
    case 'answer':
      return setAnswer(game, action.question, action.answer);
    case 'hint':
      return setHint(game, action.question, action.hint, action.patch);
    case 'addQuestion':
      return addQuestion(game);
    case 'deleteQuestion':
      return deleteQuestion(game, action.question);
    case 'moveQuestion':
      return moveQuestion(game, action.question, action.by);
    case 'addHint':
      return addHint(game, action.question);
    case 'deleteHint':
      return deleteHint(game, action.question, action.hint);
    case 'moveHint':
      return moveHint(game, action.question, action.hint, action.by);
    case 'translation':
      return setTranslation(game, action.language, action.path, action.text);
  }
}
