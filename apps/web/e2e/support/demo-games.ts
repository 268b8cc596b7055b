import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { acceptedAnswers, isFreePrice, textAnswerValue, type GameContent } from '@streethunt/shared';
import { repoRoot } from './paths.ts';

/**
 * The demo games the server seeds (SEED_DEMO=true), read from the seed itself so the tests follow its
 * ids, names and accepted answers. The seed lives in the server's TypeScript project, which the web
 * project may not import statically (project references), so it is loaded at run time by path.
 */
export type DemoGame = { id: string; content: GameContent };

const seedFile = path.join(repoRoot, 'apps/server/src/demo/demo-games.ts');

let loaded: Promise<DemoGame[]> | null = null;

export function loadDemoGames(): Promise<DemoGame[]> {
  loaded ??= import(/* @vite-ignore */ pathToFileURL(seedFile).href).then((module: { demoGames: DemoGame[] }) => module.demoGames);
  return loaded;
}

/** The seeded Hebrew game with a map and polygon areas ('לב העיר הלבנה…', 45 ILS). */
export async function mapGame(): Promise<DemoGame> {
  const game = (await loadDemoGames()).find((g) => g.content.metadata.map && g.content.metadata.language === 'he');
  if (!game) throw new Error(`no Hebrew demo game with a map in ${seedFile}`);
  return game;
}

/** The seeded English game without a map ('Old Jaffa to Neve Tzedek'). */
export async function englishGame(): Promise<DemoGame> {
  const game = (await loadDemoGames()).find((g) => !g.content.metadata.map && g.content.metadata.language === 'en');
  if (!game) throw new Error(`no English demo game without a map in ${seedFile}`);
  return game;
}

/** The seeded free Hebrew game without a map ('טעימה מהשוק…', price 0). */
export async function freeGame(): Promise<DemoGame> {
  const game = (await loadDemoGames()).find((g) => isFreePrice(g.content.metadata.price));
  if (!game) throw new Error(`no free demo game in ${seedFile}`);
  return game;
}

/** The accepted answers of a question as the creator wrote them (the comma-separated list, trimmed). */
export function writtenAnswers(game: DemoGame, questionIndex: number): string[] {
  const question = game.content.questions[questionIndex];
  if (!question) throw new Error(`question ${questionIndex} is missing from ${game.id}`);
  return textAnswerValue(question.answer)
    .split(',')
    .map((answer) => answer.trim())
    .filter(Boolean);
}

/** Every accepted answer of every question, as written and as normalized, without repeats. */
export function allAnswers(game: DemoGame): string[] {
  const all = new Set<string>();
  game.content.questions.forEach((question, index) => {
    writtenAnswers(game, index).forEach((answer) => all.add(answer));
    acceptedAnswers(textAnswerValue(question.answer)).forEach((answer) => all.add(answer));
  });
  return [...all];
}
